import type { PurchaseResult } from "~/server/services/purchases/execute-purchase";
import type { RouteResult } from "./rest-handler";

/** 201 for a new purchase; 200 with `Idempotent-Replay: true` for a replayed reference (DESIGN.md §3.3). */
export function purchaseResponse(result: PurchaseResult): RouteResult {
  // Which transaction a request created or replayed, for the request log line (never the token).
  const log = { transactionId: result.transaction.id, transactionStatus: result.transaction.status, replay: result.replay };
  return result.replay
    ? { status: 200, body: result.transaction, headers: { "idempotent-replay": "true" }, log }
    : { status: 201, body: result.transaction, log };
}
