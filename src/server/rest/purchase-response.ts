import type { PurchaseResult } from "~/server/services/purchases/execute-purchase";
import type { RouteResult } from "./api-route";

/** 201 for a new purchase; 200 with `Idempotent-Replay: true` for a replayed reference (DESIGN.md §3.3). */
export function purchaseResponse(result: PurchaseResult): RouteResult {
  return result.replay
    ? { status: 200, body: result.transaction, headers: { "idempotent-replay": "true" } }
    : { status: 201, body: result.transaction };
}
