/**
 * The upstreams as operators watch them (docs/operating.md "Upstream health"), for the console's Upstreams
 * page and the CLI's `upstream:health` alike: per upstream its switch, our wallet there (read now) and the
 * threshold below which it is low, its success rate and vend latency (p50, p95) over the last hour, its
 * circuit (closed, open until when, half-open) and its routes' open circuits, and the products that would
 * lose their last route were it switched off; and the products whose every route is down, which are off
 * sale (provider.unavailable, nothing charged). Operators only; reads only.
 */
import { env } from "~/env";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { providerNamed } from "~/server/providers";
import { getUpstreamBalance, type UpstreamBalance } from "~/server/services/upstream/get-upstream-balance";
import { circuitOf, circuitState, productName, routeDown, type CircuitRow } from "./route-sql";

interface UpstreamRow extends CircuitRow {
  name: string;
  enabled: boolean;
  disabled_reason: string | null;
  attempts: number;
  delivered: number;
  answered: number;
  p50_ms: number | null;
  p95_ms: number | null;
}

interface RouteCircuitRow extends CircuitRow {
  provider: string;
  service: string;
  product_code: string;
  product_name: string;
}

interface ProductRow {
  provider?: string;
  service: string;
  product_code: string;
  product_name: string;
}

async function balanceOf(actor: Actor, name: string): Promise<UpstreamBalance> {
  try {
    return await getUpstreamBalance(actor, { provider: providerNamed(name) });
  } catch {
    return { available: false, provider: name, reason: `The ${name} provider is not configured here.` };
  }
}

const product = (row: ProductRow) => ({ service: row.service, productCode: row.product_code, name: row.product_name });

export async function getUpstreamHealth(actor: Actor) {
  assertOperator(actor);
  const cooldown = sql`${`${env.UPSTREAM_CIRCUIT_COOLDOWN_MS} milliseconds`}::interval`;
  // Attempts answered in the last hour: an attempt still SENDING has no outcome yet.
  const upstreams = await queryRows<UpstreamRow>(sql`
    SELECT u.name, u.enabled, u.disabled_reason, ${circuitState(sql`u`, cooldown)},
      count(a.id)::int AS attempts,
      count(a.id) FILTER (WHERE a.status = 'DELIVERED')::int AS delivered,
      count(a.id) FILTER (WHERE a.status <> 'SENDING')::int AS answered,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY a.latency_ms) AS p50_ms,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY a.latency_ms) AS p95_ms
    FROM upstream_providers u
    LEFT JOIN vend_attempts a ON a.provider = u.name AND a.created_at > now() - interval '1 hour'
    GROUP BY u.name
    ORDER BY u.name`);
  const routeCircuits = await queryRows<RouteCircuitRow>(sql`
    SELECT r.provider, r.service::text AS service, r.product_code, ${productName(sql`r`)} AS product_name, ${circuitState(sql`r`, cooldown)}
    FROM product_routes r
    WHERE r.circuit_opened_at IS NOT NULL
    ORDER BY r.provider, r.service, r.product_code`);
  // A product loses its last route with an upstream when its route there is up and every other one is down.
  const lastRoutes = await queryRows<ProductRow>(sql`
    SELECT r.provider, r.service::text AS service, r.product_code, ${productName(sql`r`)} AS product_name
    FROM product_routes r
    WHERE r.enabled AND r.circuit_opened_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM product_routes o JOIN upstream_providers ou ON ou.name = o.provider
        WHERE o.service = r.service AND o.product_code = r.product_code AND o.provider <> r.provider
          AND NOT ${routeDown(sql`o`, sql`ou`)})
    ORDER BY r.provider, r.service, r.product_code`);
  const offSale = await queryRows<ProductRow>(sql`
    SELECT r.service::text AS service, r.product_code, min(${productName(sql`r`)}) AS product_name
    FROM product_routes r JOIN upstream_providers u ON u.name = r.provider
    GROUP BY r.service, r.product_code
    HAVING bool_and(${routeDown(sql`r`, sql`u`)})
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
        circuit: circuitOf(row),
        openRouteCircuits: routeCircuits
          .filter(({ provider }) => provider === row.name)
          .map((route) => ({ ...product(route), circuit: circuitOf(route) })),
        /** What switching it off would take off sale: the products it is the last route up of. */
        lastRouteOf: lastRoutes.filter(({ provider }) => provider === row.name).map(product),
      })),
    ),
    productsOffSale: offSale.map(product),
  };
}

export type UpstreamHealth = Awaited<ReturnType<typeof getUpstreamHealth>>;
