import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "~/server/trpc/root";
import { createTRPCContext } from "~/server/trpc/init";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createTRPCContext,
    onError({ error, path }) {
      // The client gets a fixed message for these (see init.ts); the details belong in the log.
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${path ?? "<no path>"}:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
