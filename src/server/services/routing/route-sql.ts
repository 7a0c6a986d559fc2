/**
 * What the routing services' reads share (get-upstream-health, get-product-routes): a circuit's state as
 * admit_upstream and admit_route judge it, whether a route is down as choose_vend_route would skip it, and a
 * product's name whatever its service.
 */
import { Prisma } from "~/generated/prisma/client";
import { sql, type SqlStatement } from "~/server/db";

/** The circuit columns `circuitState` selects. */
export interface CircuitRow {
  circuit_opened_at: Date | null;
  circuit_reason: string | null;
  circuit_half_opens_at: Date | null;
  circuit_half_open: boolean | null;
  circuit_trial_in_flight: boolean | null;
}

/**
 * A circuit of an upstream or a route (`alias`): opened when, why, and measured against the database's
 * clock with the cool-down the vending functions use, whether it is half-open yet and whether its one
 * trial order is out. `prefix` names the columns apart when a row selects two circuits ("upstream_" gives
 * upstream_circuit_opened_at, ...).
 */
export function circuitState(alias: SqlStatement, cooldown: SqlStatement, prefix: "" | "upstream_" = ""): SqlStatement {
  const column = (name: string) => Prisma.raw(`${prefix}${name}`);
  return sql`${alias}.circuit_opened_at AS ${column("circuit_opened_at")}, ${alias}.circuit_reason AS ${column("circuit_reason")},
    ${alias}.circuit_opened_at + ${cooldown} AS ${column("circuit_half_opens_at")},
    ${alias}.circuit_opened_at <= now() - ${cooldown} AS ${column("circuit_half_open")},
    ${alias}.trial_started_at > now() - ${cooldown} AS ${column("circuit_trial_in_flight")}`;
}

export type Circuit =
  | { state: "closed" }
  /** No order goes there until halfOpensAt. */
  | { state: "open"; openedAt: Date; reason: string | null; halfOpensAt: Date }
  /** One order at a time may try it; its answer closes or reopens the circuit. */
  | { state: "half-open"; openedAt: Date; reason: string | null; trialInFlight: boolean };

export function circuitOf(row: CircuitRow): Circuit {
  if (row.circuit_opened_at === null) return { state: "closed" };
  const { circuit_opened_at: openedAt, circuit_reason: reason } = row;
  return row.circuit_half_open
    ? { state: "half-open", openedAt, reason, trialInFlight: row.circuit_trial_in_flight === true }
    : { state: "open", openedAt, reason, halfOpensAt: row.circuit_half_opens_at! };
}

/**
 * Whether route `route` of upstream `upstream` (an upstream_providers row's alias) takes no orders now:
 * switched off, either circuit open (or half-open: only a trial may pass), or the upstream's last balance
 * read below the operators' floor, by the same function admit_upstream asks (upstream_below_floor).
 */
export function routeDown(route: SqlStatement, upstream: SqlStatement): SqlStatement {
  return sql`(NOT ${route}.enabled OR ${route}.circuit_opened_at IS NOT NULL OR NOT ${upstream}.enabled
    OR ${upstream}.circuit_opened_at IS NOT NULL OR upstream_below_floor(${upstream}))`;
}

/** The name of a route's product (`alias` a product_routes row): "MTN airtime", a plan's or a bill product's name. */
export function productName(alias: SqlStatement): SqlStatement {
  return sql`coalesce(
    CASE ${alias}.service
      WHEN 'AIRTIME' THEN (SELECT n.name || ' airtime' FROM networks n WHERE n.id = ${alias}.product_code)
      WHEN 'DATA' THEN (SELECT p.name FROM data_plans p WHERE p.id = ${alias}.product_code)
      ELSE (SELECT b.name FROM bill_products b WHERE b.id = ${alias}.product_code AND b.service = ${alias}.service)
    END, ${alias}.product_code)`;
}
