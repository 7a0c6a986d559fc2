import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { MAX_BATCH_CSV_BYTES } from "~/schemas/batches";
import { logger } from "~/server/log";
import { isCrossSiteRequest } from "~/server/http/cross-site-request";
import { readBodyWithin } from "~/server/http/read-body-within";
import { appRouter } from "~/server/trpc/root";
import { createTRPCContext, loggedProcedureErrors } from "~/server/trpc/init";

/**
 * The portal's mutations send a few hundred bytes (a batch of them a few kilobytes). Next.js puts no
 * limit on a route handler's body, so without one a single request could make the server buffer as
 * much as it is sent.
 */
const MAX_BODY_BYTES = 64 * 1024;

/** The Batches page's upload (a CSV of up to 5,000 orders, as text), previewed and confirmed: these alone may send more. */
const UPLOAD_PROCEDURES = new Set(["batches.preview", "batches.create"]);

/** The body limit of a call: the upload's when every procedure it names (a tRPC batch names several) is an upload. */
function bodyLimitOf(request: Request): number {
  const procedures = decodeURIComponent(new URL(request.url).pathname.replace(/^\/api\/trpc\//, "")).split(",");
  return procedures.every((name) => UPLOAD_PROCEDURES.has(name)) ? MAX_BATCH_CSV_BYTES + MAX_BODY_BYTES : MAX_BODY_BYTES;
}

async function handler(incoming: Request) {
  let req = incoming;
  let tooLarge = false;
  if (incoming.method === "POST") {
    const limit = bodyLimitOf(incoming);
    const body = await readBodyWithin(incoming, limit);
    tooLarge = body === null;
    // tRPC reads the body itself: hand it what was read (or nothing: the context refuses the call first).
    req = new Request(incoming.url, { method: "POST", headers: incoming.headers, body: body ?? undefined, signal: incoming.signal });
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => {
      // Mutations are POSTs; a page of another site must not be able to make one (CSRF).
      if (req.method === "POST" && isCrossSiteRequest(req.headers)) {
        throw new TRPCError({ code: "FORBIDDEN", message: "Cross-site requests are not accepted." });
      }
      if (tooLarge)
        throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: `The request body must be at most ${bodyLimitOf(req)} bytes.` });
      return createTRPCContext();
    },
    onError({ error, path, type }) {
      // Procedure calls are logged by their middleware (init.ts); this catches what fails before one
      // runs: the context (e.g. the database down, a cross-site POST), an unknown path, a malformed
      // batch. The client gets a fixed message for INTERNAL_SERVER_ERROR (see init.ts); the details
      // belong in the log.
      if (loggedProcedureErrors.has(error)) return;
      const fields = { path: path ?? "<no path>", type, outcome: error.code };
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ ...fields, err: error.cause ?? error }, "portal request failed");
      else logger.info(fields, "portal request refused");
    },
  });
}

export { handler as GET, handler as POST };
