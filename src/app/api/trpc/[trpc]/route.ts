import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isCrossSiteRequest } from "~/server/http/cross-site-request";
import { appRouter } from "~/server/trpc/root";
import { createTRPCContext } from "~/server/trpc/init";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => {
      // Mutations are POSTs; a page of another site must not be able to make one (CSRF).
      if (req.method === "POST" && isCrossSiteRequest(req.headers)) {
        throw new TRPCError({ code: "FORBIDDEN", message: "Cross-site requests are not accepted." });
      }
      return createTRPCContext();
    },
    onError({ error, path }) {
      // The client gets a fixed message for these (see init.ts); the details belong in the log.
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${path ?? "<no path>"}:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
