/**
 * Records what one vend attempt's answer (or a requery of it) says, and what that does to the purchase,
 * in one statement (prisma/sql/routing/settle_purchase_attempt.sql, docs/operating.md "Routes and failover").
 * A refusal before anything was executed, on the purchase's own request, starts the next route's attempt
 * in the same statement, its request id recorded before it is sent: that attempt is returned to be sent.
 */
import { env } from "~/env";
import { queryRows, sql } from "~/server/db";
import type { RefusalKind, VendOutcome, VendProvider } from "~/server/providers";
import { purchaseRowFromJson, purchaseRowJson, type PurchaseRow, type PurchaseRowJson } from "./transaction-view";
import { requeryDelay } from "./requery-schedule";

/** A vend_attempts row as to_jsonb gives it (prisma/schema.prisma VendAttempt). */
export interface VendAttemptRow {
  id: string;
  transaction_id: string;
  attempt_number: number;
  provider: string;
  route_id: string | null;
  upstream_service: string | null;
  upstream_code: string | null;
  upstream_request_id: string;
  status: "SENDING" | "PENDING" | "DELIVERED" | "FAILED" | "REFUSED";
}

/** What the answer says of the attempt's route and upstream (record_upstream_health.sql). */
type Health = "ok" | "route" | "upstream" | "upstream-now" | "none";

const HEALTH_OF_REFUSAL: Readonly<Record<RefusalKind, Health>> = {
  product: "route",
  unreachable: "upstream",
  balance: "upstream-now",
  account: "upstream-now",
};

function attemptStatusOf(outcome: VendOutcome): VendAttemptRow["status"] {
  if (outcome.status === "successful") return "DELIVERED";
  if (outcome.status === "pending") return "PENDING";
  return outcome.refusal ? "REFUSED" : "FAILED";
}

function healthOf(outcome: VendOutcome): Health {
  if (outcome.status === "failed" && outcome.refusal) return HEALTH_OF_REFUSAL[outcome.refusal];
  if (outcome.status === "pending" && outcome.unanswered) return "upstream";
  return "ok";
}

function interval(milliseconds: number | null): string | null {
  return milliseconds === null ? null : `${Math.max(0, Math.round(milliseconds))} milliseconds`;
}

const SETTLED_PURCHASE = purchaseRowJson("p");

/**
 * @param answer.fromVend true for the answer to the attempt's own request: only then is the upstream's
 *   health recorded and may a refusal fail over; a requery's answer settles on the attempt's route only.
 */
export async function settlePurchaseAttempt(
  attempt: Pick<VendAttemptRow, "id">,
  outcome: VendOutcome,
  answer: {
    fromVend: boolean;
    latencyMs: number | null;
    requeryCount: number;
    provider: Pick<VendProvider, "reversalWatch">;
    /** The upstream of products without routes (VEND_PROVIDER's). */
    defaultProvider: string;
  },
): Promise<{ purchase: PurchaseRow; nextAttempt: VendAttemptRow | null }> {
  const delivered = outcome.status === "successful" ? outcome : null;
  const pins = delivered?.pins && delivered.pins.length > 0 ? delivered.pins : null;
  const token = delivered ? (delivered.token ?? pins?.[0]?.pin ?? null) : null;
  const watch = delivered ? answer.provider.reversalWatch : null;
  const rows = await queryRows<{ purchase: PurchaseRowJson; next_attempt: VendAttemptRow | null }>(sql`
    SELECT ${SETTLED_PURCHASE} AS purchase, r.next_attempt
    FROM settle_purchase_attempt(
      ${attempt.id}::uuid, ${attemptStatusOf(outcome)}::"VendAttemptStatus", ${outcome.providerReference},
      ${outcome.status === "failed" ? outcome.reason : null}, ${answer.latencyMs}::integer,
      ${answer.fromVend ? healthOf(outcome) : "none"}, ${answer.fromVend}, ${answer.defaultProvider},
      ${interval(requeryDelay(answer.requeryCount))}::interval,
      ${env.UPSTREAM_CIRCUIT_FAILURES}::integer, ${interval(env.UPSTREAM_CIRCUIT_COOLDOWN_MS)}::interval,
      ${token}, ${pins === null ? null : JSON.stringify(pins)}::jsonb, ${delivered?.units ?? null}, ${delivered?.bonusToken ?? null},
      ${watch ? interval(watch.firstCheckMs) : null}::interval) r
    CROSS JOIN LATERAL (SELECT (r.purchase).*) p`);
  const row = rows[0];
  if (!row) throw new Error(`settle_purchase_attempt found no attempt ${attempt.id}`);
  return { purchase: purchaseRowFromJson(row.purchase), nextAttempt: row.next_attempt };
}
