/**
 * Where one vend attempt goes and what it says (docs/operating.md "Routes and failover"): an attempt
 * without a route goes to the purchase mode's upstream (VEND_PROVIDER live, the sandbox in test mode) with
 * the catalog's names; one on a route to the upstream the route names, with the route's names for the
 * product there. Always under the attempt's own request id, recorded before anything was sent.
 */
import { getVendProvider, providerNamed, type VendProvider, type VendRequest } from "~/server/providers";
import type { VendAttemptRow } from "./settle-purchase-attempt";

/**
 * @returns provider null when the route's upstream cannot be built here (not configured): nothing can be
 *   sent to it, which the caller treats as a refusal of the route, and a requery as "still unknown".
 */
export function attemptOrder(
  attempt: Pick<VendAttemptRow, "provider" | "route_id" | "upstream_service" | "upstream_code" | "upstream_request_id">,
  request: VendRequest,
  livemode: boolean,
): { provider: VendProvider | null; request: VendRequest } {
  const named = attempt.upstream_service !== null || attempt.upstream_code !== null;
  const order: VendRequest = {
    ...request,
    upstreamRequestId: attempt.upstream_request_id,
    upstream: attempt.route_id !== null && named ? { service: attempt.upstream_service, code: attempt.upstream_code } : null,
  };
  if (attempt.route_id === null) return { provider: getVendProvider(livemode), request: order };
  try {
    return { provider: providerNamed(attempt.provider), request: order };
  } catch {
    return { provider: null, request: order };
  }
}
