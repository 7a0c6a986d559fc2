/**
 * One product's routes as the console's routes page shows and edits them (docs/operating.md "Routes and
 * failover"): the product's name and what its routes are costed by (a fixed cost in kobo, or a commission in
 * basis points of the amount), each route in order with its names at the upstream, its switch and circuit and
 * its upstream's, and the upstreams a route may name. Operators only; reads only.
 */
import { env } from "~/env";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db, queryRows, sql } from "~/server/db";
import { AppError } from "~/server/errors";
import { ROUTE_PROVIDERS } from "~/server/providers";
import { parseInput } from "~/server/validation/parse-input";
import { productRoutesInput, type ProductRoutesInput } from "~/schemas/routing";
import { circuitOf, circuitState, type CircuitRow } from "./route-sql";

/** A fixed-price product's routes cost a price; airtime and variable bills a commission of the amount. */
export type RouteCostBasis = "cost" | "commission";

async function productOf(service: string, productCode: string): Promise<{ name: string; costBasis: RouteCostBasis } | null> {
  if (service === "AIRTIME") {
    const network = await db.network.findUnique({ where: { id: productCode }, select: { name: true } });
    return network && { name: `${network.name} airtime`, costBasis: "commission" };
  }
  if (service === "DATA") {
    const plan = await db.dataPlan.findUnique({ where: { id: productCode }, select: { name: true } });
    return plan && { name: plan.name, costBasis: "cost" };
  }
  const product = await db.billProduct.findFirst({
    where: { id: productCode, service: service as never },
    select: { name: true, amountType: true },
  });
  return product && { name: product.name, costBasis: product.amountType === "FIXED" ? "cost" : "commission" };
}

interface RouteRow extends CircuitRow {
  position: number;
  provider: string;
  upstream_service: string | null;
  upstream_code: string | null;
  cost_price: bigint | null;
  commission_bps: number | null;
  enabled: boolean;
  upstream_enabled: boolean;
  upstream_disabled_reason: string | null;
  upstream_circuit_opened_at: Date | null;
  upstream_circuit_reason: string | null;
  upstream_circuit_half_opens_at: Date | null;
  upstream_circuit_half_open: boolean | null;
  upstream_circuit_trial_in_flight: boolean | null;
}

export async function getProductRoutes(actor: Actor, input: ProductRoutesInput) {
  assertOperator(actor);
  const { service, productCode } = parseInput(productRoutesInput, input);
  const product = await productOf(service, productCode);
  if (!product) throw new AppError("service.not_found", `No ${service} product '${productCode}' in the catalog.`);
  const cooldown = sql`${`${env.UPSTREAM_CIRCUIT_COOLDOWN_MS} milliseconds`}::interval`;
  const rows = await queryRows<RouteRow>(sql`
    SELECT r.position, r.provider, r.upstream_service, r.upstream_code, r.cost_price, r.commission_bps, r.enabled,
      ${circuitState(sql`r`, cooldown)},
      u.enabled AS upstream_enabled, u.disabled_reason AS upstream_disabled_reason, ${circuitState(sql`u`, cooldown, "upstream_")}
    FROM product_routes r JOIN upstream_providers u ON u.name = r.provider
    WHERE r.service = ${service}::"Service" AND r.product_code = ${productCode}
    ORDER BY r.position, r.created_at, r.id`);
  return {
    service,
    productCode,
    name: product.name,
    costBasis: product.costBasis,
    routes: rows.map((row) => ({
      provider: row.provider,
      upstreamService: row.upstream_service,
      upstreamCode: row.upstream_code,
      costPrice: row.cost_price,
      commissionBps: row.commission_bps,
      enabled: row.enabled,
      circuit: circuitOf(row),
      upstream: {
        enabled: row.upstream_enabled,
        disabledReason: row.upstream_disabled_reason,
        circuit: circuitOf({
          circuit_opened_at: row.upstream_circuit_opened_at,
          circuit_reason: row.upstream_circuit_reason,
          circuit_half_opens_at: row.upstream_circuit_half_opens_at,
          circuit_half_open: row.upstream_circuit_half_open,
          circuit_trial_in_flight: row.upstream_circuit_trial_in_flight,
        }),
      },
    })),
    /** The upstreams a route may name. */
    providers: ROUTE_PROVIDERS,
  };
}

export type ProductRoutes = Awaited<ReturnType<typeof getProductRoutes>>;
