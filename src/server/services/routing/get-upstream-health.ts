/**
 * The upstreams as operators watch them (docs/operating.md "Upstream health"), for the console's Upstreams
 * page and the CLI's `upstream:health` alike: per upstream its switch, our wallet there as last read (by the
 * balance poll or an operator's "read now"), when, and the operators' floor below which it takes no routed
 * order (`belowFloor`, by upstream_below_floor, the function admit_upstream asks), its success rate and vend
 * latency (p50, p95) over the last hour, its circuit (closed, open until when, half-open) and its routes'
 * open circuits, and the products that would lose their last route were it switched off; and the products
 * whose every route is down, which are off sale (provider.unavailable, nothing charged). Operators only;
 * reads only: no upstream is asked anything here.
 */
import { env } from "~/env";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { circuitOf, circuitState, productName, routeDown, type CircuitRow } from "./route-sql";

interface UpstreamRow extends CircuitRow {
  name: string;
  enabled: boolean;
  disabled_reason: string | null;
  balance: bigint | null;
  balance_checked_at: Date | null;
  min_balance: bigint;
  below_floor: boolean;
  balance_stale: boolean | null;
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

const product = (row: ProductRow) => ({ service: row.service, productCode: row.product_code, name: row.product_name });

export async function getUpstreamHealth(actor: Actor) {
  assertOperator(actor);
  const cooldown = sql`${`${env.UPSTREAM_CIRCUIT_COOLDOWN_MS} milliseconds`}::interval`;
  // A read older than three poll intervals: the poll's reads have been failing (a failed read writes nothing).
  // With the poll off, balances are read when an operator asks: never stale.
  const staleAfterMs = 3 * env.UPSTREAM_BALANCE_POLL_MS;
  // Attempts answered in the last hour: an attempt still SENDING has no outcome yet.
  const upstreams = await queryRows<UpstreamRow>(sql`
    SELECT u.name, u.enabled, u.disabled_reason, u.balance, u.balance_checked_at, u.min_balance,
      upstream_below_floor(u) AS below_floor,
      (${staleAfterMs}::int > 0 AND u.balance_checked_at < now() - make_interval(secs => ${staleAfterMs / 1000}::float8))
        AS balance_stale,
      ${circuitState(sql`u`, cooldown)},
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
  return {
    upstreams: upstreams.map((row) => ({
      name: row.name,
      enabled: row.enabled,
      disabledReason: row.disabled_reason,
      /** Our wallet there as last read (null: never read) and the floor (0: none) it is judged against. */
      wallet: {
        balanceKobo: row.balance,
        checkedAt: row.balance_checked_at,
        floorKobo: row.min_balance,
        belowFloor: row.below_floor,
        /** Older than three poll intervals: its reads have been failing (the log says why). */
        stale: row.balance_stale === true,
      },
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
    productsOffSale: offSale.map(product),
  };
}

export type UpstreamHealth = Awaited<ReturnType<typeof getUpstreamHealth>>;
