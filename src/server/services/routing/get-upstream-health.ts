/**
 * The operator console's view of the upstreams (docs/operating.md "Upstream health"): per upstream its
 * switch, our wallet there (read now), its success rate and vend latency (p50, p95) over the last hour, its
 * open circuits (its own and its routes'), and the products whose every route is down, which are off sale
 * (provider.unavailable, nothing charged). Operators only; reads only.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { providerNamed } from "~/server/providers";
import { getUpstreamBalance, type UpstreamBalance } from "~/server/services/upstream/get-upstream-balance";

interface UpstreamRow {
  name: string;
  enabled: boolean;
  disabled_reason: string | null;
  circuit_opened_at: Date | null;
  circuit_reason: string | null;
  attempts: number;
  delivered: number;
  answered: number;
  p50_ms: number | null;
  p95_ms: number | null;
  open_routes: { service: string; productCode: string; reason: string | null; openedAt: string }[];
}

async function balanceOf(actor: Actor, name: string): Promise<UpstreamBalance> {
  try {
    return await getUpstreamBalance(actor, { provider: providerNamed(name) });
  } catch {
    return { available: false, provider: name, reason: `The ${name} provider is not configured here.` };
  }
}

export async function getUpstreamHealth(actor: Actor) {
  assertOperator(actor);
  // Attempts answered in the last hour: an attempt still SENDING has no outcome yet.
  const upstreams = await queryRows<UpstreamRow>(sql`
    SELECT u.name, u.enabled, u.disabled_reason, u.circuit_opened_at, u.circuit_reason,
      count(a.id)::int AS attempts,
      count(a.id) FILTER (WHERE a.status = 'DELIVERED')::int AS delivered,
      count(a.id) FILTER (WHERE a.status <> 'SENDING')::int AS answered,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY a.latency_ms) AS p50_ms,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY a.latency_ms) AS p95_ms,
      coalesce((SELECT json_agg(json_build_object('service', r.service, 'productCode', r.product_code,
                                                  'reason', r.circuit_reason, 'openedAt', r.circuit_opened_at)
                                ORDER BY r.service, r.product_code)
                FROM product_routes r WHERE r.provider = u.name AND r.circuit_opened_at IS NOT NULL), '[]') AS open_routes
    FROM upstream_providers u
    LEFT JOIN vend_attempts a ON a.provider = u.name AND a.created_at > now() - interval '1 hour'
    GROUP BY u.name
    ORDER BY u.name`);
  // Down: switched off, its circuit open, or its upstream switched off or with its circuit open.
  const offSale = await queryRows<{ service: string; product_code: string }>(sql`
    SELECT r.service::text AS service, r.product_code
    FROM product_routes r JOIN upstream_providers u ON u.name = r.provider
    GROUP BY r.service, r.product_code
    HAVING bool_and(NOT r.enabled OR r.circuit_opened_at IS NOT NULL OR NOT u.enabled OR u.circuit_opened_at IS NOT NULL)
    ORDER BY 1, 2`);
  const routed = new Set(
    (await queryRows<{ provider: string }>(sql`SELECT DISTINCT provider FROM product_routes`)).map(({ provider }) => provider),
  );
  return {
    upstreams: await Promise.all(
      upstreams.map(async (row) => ({
        name: row.name,
        enabled: row.enabled,
        disabledReason: row.disabled_reason,
        // Only the upstreams some route names are asked: the others may not be configured here at all.
        balance: routed.has(row.name) ? await balanceOf(actor, row.name) : null,
        lastHour: {
          attempts: row.attempts,
          successRate: row.answered === 0 ? null : row.delivered / row.answered,
          latencyP50Ms: row.p50_ms === null ? null : Math.round(row.p50_ms),
          latencyP95Ms: row.p95_ms === null ? null : Math.round(row.p95_ms),
        },
        circuit: row.circuit_opened_at ? { openedAt: row.circuit_opened_at, reason: row.circuit_reason } : null,
        openRouteCircuits: row.open_routes,
      })),
    ),
    productsOffSale: offSale.map((row) => ({ service: row.service, productCode: row.product_code })),
  };
}
