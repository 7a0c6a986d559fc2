/**
 * `npm run dev` compiles each page on its first visit, which on a loaded machine took over a minute for
 * /dashboard and /buy: the first click after signing in looked broken. So the development server asks
 * for the main pages itself once it listens, one after another (compiling two at once only slows both),
 * signed out: each page's module compiles before its access check sends the request to /sign-in.
 */
import http from "node:http";

/** The pages a newcomer opens first, in the order they open them. */
export const PAGES_TO_WARM = ["/sign-in", "/dashboard", "/buy", "/buy/data", "/transactions", "/fund-wallet", "/api-keys"] as const;

/** GETs each path in turn (its answer, a page or a redirect, is read and dropped); a failure is logged and skipped. */
export async function warmPages(
  origin: string,
  log: { info: (fields: object, message: string) => void },
  paths: readonly string[] = PAGES_TO_WARM,
): Promise<void> {
  for (const path of paths) {
    const startedAt = performance.now();
    const status = await new Promise<number | string>((resolve) => {
      const request = http.get(new URL(path, origin), (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", (error) => resolve(error.message));
    });
    log.info({ path, status, ms: Math.round(performance.now() - startedAt) }, "warmed a page for development");
  }
}
