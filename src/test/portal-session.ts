/**
 * Signing in to the portal over HTTP exactly as the browser does it (next-auth/react's signIn): fetch
 * the CSRF token and its cookie, then post the credentials form with both. For tests that need a real
 * session cookie from the real server.
 */
import { request, type HttpResponse } from "~/test/http";
import type { TestServer } from "~/test/server";

export interface ResponseCookie {
  name: string;
  value: string;
  /** Lower-cased attribute names (httponly, secure, samesite, path, ...) with their values. */
  attributes: Map<string, string>;
}

export function responseCookies(response: HttpResponse): ResponseCookie[] {
  return (response.headers["set-cookie"] ?? []).map((line) => {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const separator = pair.indexOf("=");
    return {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      attributes: new Map(
        attributes.map((attribute) => {
          const [name = "", ...value] = attribute.split("=");
          return [name.toLowerCase(), value.join("=")];
        }),
      ),
    };
  });
}

/** The Cookie header a browser would send back: every cookie that was set and not cleared. */
export function cookieHeader(...responses: HttpResponse[]): string {
  const jar = new Map<string, string>();
  for (const cookie of responses.flatMap(responseCookies)) {
    if (cookie.value === "" || cookie.attributes.get("max-age") === "0") jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export async function fetchCsrf(server: TestServer): Promise<{ csrfToken: string; response: HttpResponse }> {
  const response = await request(server.url("/api/auth/csrf"));
  return { csrfToken: (response.json() as { csrfToken: string }).csrfToken, response };
}

/**
 * Posts the credentials form. `csrfToken: null` leaves the token out of the form; the CSRF cookie is
 * sent whenever `csrfCookie` is given.
 */
export function postCredentials(
  server: TestServer,
  form: { email: string; password: string; csrfToken: string | null },
  csrfCookie: string | null,
): Promise<HttpResponse> {
  const body = new URLSearchParams({ email: form.email, password: form.password, json: "true", callbackUrl: "/dashboard" });
  if (form.csrfToken !== null) body.set("csrfToken", form.csrfToken);
  return request(server.url("/api/auth/callback/credentials"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(csrfCookie ? { cookie: csrfCookie } : {}) },
    body: body.toString(),
  });
}

/** A signed-in browser's cookies, for requests that need a portal session. */
export async function signIn(server: TestServer, email: string, password: string): Promise<{ cookie: string; response: HttpResponse }> {
  const csrf = await fetchCsrf(server);
  const response = await postCredentials(server, { email, password, csrfToken: csrf.csrfToken }, cookieHeader(csrf.response));
  return { cookie: cookieHeader(csrf.response, response), response };
}

/** The form's second step for a user with two-factor sign-in: the challenge from the first and a code. */
export function postCode(
  server: TestServer,
  form: { challenge: string; code: string; csrfToken: string },
  csrfCookie: string,
): Promise<HttpResponse> {
  const body = new URLSearchParams({ ...form, json: "true", callbackUrl: "/dashboard" });
  return request(server.url("/api/auth/callback/credentials"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: body.toString(),
  });
}

/** The error code next-auth put in its redirect (`?error=…`), e.g. a two-factor challenge; null on success. */
export function signInErrorOf(response: HttpResponse): string | null {
  const url = (response.json() as { url?: string }).url ?? "";
  return new URL(url, "http://x").searchParams.get("error");
}

/** One tRPC call over HTTP as the portal makes it (same-origin, superjson), with a session cookie. */
export async function trpcCall(
  server: TestServer,
  cookie: string,
  path: string,
  kind: "query" | "mutation",
  input?: unknown,
): Promise<{ status: number; data: unknown; appCode: string | null; code: string | null }> {
  const encoded = input === undefined ? undefined : JSON.stringify({ json: input });
  const response =
    kind === "query"
      ? await request(server.url(`/api/trpc/${path}${encoded ? `?input=${encodeURIComponent(encoded)}` : ""}`), { headers: { cookie } })
      : await request(server.url(`/api/trpc/${path}`), {
          method: "POST",
          headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
          body: encoded ?? "{}",
        });
  const body = response.json() as {
    result?: { data?: { json?: unknown } };
    error?: { json?: { data?: { code?: string; appCode?: string | null } } };
  };
  return {
    status: response.status,
    data: body.result?.data?.json,
    appCode: body.error?.json?.data?.appCode ?? null,
    code: body.error?.json?.data?.code ?? null,
  };
}
