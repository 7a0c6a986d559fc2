import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { logger } from "~/server/log";
import { appRouter } from "~/server/trpc/root";
import { createTRPCContext, loggedProcedureErrors } from "~/server/trpc/init";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createTRPCContext,
    onError({ error, path, type }) {
      // Procedure calls are logged by their middleware (init.ts); this catches what fails before one
      // runs: the context (e.g. the database down), an unknown path, a malformed batch. The client
      // gets a fixed message for INTERNAL_SERVER_ERROR (see init.ts); the details belong in the log.
      if (loggedProcedureErrors.has(error)) return;
      const fields = { path: path ?? "<no path>", type, outcome: error.code };
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ ...fields, err: error.cause ?? error }, "portal request failed");
      else logger.info(fields, "portal request refused");
    },
  });
}

export { handler as GET, handler as POST };
