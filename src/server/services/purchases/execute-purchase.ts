/**
 * The purchase engine shared by data, airtime and bill payments (DESIGN.md §3.3):
 *
 *   1. begin_purchase (one statement): claim the clientReference, debit the wallet if it covers the
 *      amount, write the ledger entry. A known reference returns the stored transaction instead, and
 *      the fingerprint decides between replay (no vend, no charge) and 409.
 *   2. the provider's vend(), with no database transaction or lock held;
 *   3. settle_purchase (one statement): successful; or failed with the debit reversed; or still pending
 *      for the reconciler.
 *
 * Exactly-once holds across any number of processes because steps 1 and 3 are decided by the
 * database: the unique (account, clientReference) index, the conditional debit, and "only a PENDING
 * transaction settles". A process that dies after step 1 leaves a pending transaction that the
 * reconciler settles by requerying the provider.
 */
import type { ServiceCode } from "~/schemas/services";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { logger } from "~/server/log";
import { getVendProvider, type VendOutcome, type VendRequest } from "~/server/providers";
import { orderFingerprint } from "./order-fingerprint";
import { toTransactionView, type PurchaseRow, type TransactionView } from "./transaction-view";
import { requeryDelay, vendGracePeriod } from "./requery-schedule";

export interface PurchaseOrder {
  clientReference: string;
  service: ServiceCode;
  /** Data plan or bill product id; for airtime the network id. */
  productCode: string;
  planId: string | null;
  networkId: string | null;
  productName: string;
  recipient: string;
  customerName: string | null;
  /** What the wallet is charged, kobo. */
  charge: bigint;
  /** The amount when it defines the order (airtime, variable bills), else null. */
  orderAmount: bigint | null;
  /** Notification phone of a bill payment. */
  phone: string | null;
}

export interface PurchaseResult {
  transaction: TransactionView;
  /** True when the reference was already known and the stored transaction is returned. */
  replay: boolean;
}

/** The purchase party: an API key or a portal user of the account; operators do not buy. */
export function purchasingParty(actor: Actor) {
  if (actor.kind === "api-key") {
    return { accountId: actor.accountId, channel: "API" as const, apiKeyId: actor.apiKeyId, userId: null, sourceIp: actor.sourceIp };
  }
  if (actor.kind === "user" && actor.accountId && actor.role !== "OPERATOR") {
    return { accountId: actor.accountId, channel: "PORTAL" as const, apiKeyId: null, userId: actor.userId, sourceIp: actor.sourceIp ?? "unknown" };
  }
  throw new AppError("forbidden", "Purchases are made by an account's API keys or its portal users.");
}

const INSUFFICIENT_FUNDS_SQLSTATE = "RP402";

function isInsufficientFunds(error: unknown): boolean {
  // The driver adapter reports the database's SQLSTATE in the error's cause or meta.
  const text = error instanceof Error ? `${error.message} ${JSON.stringify((error as { meta?: unknown }).meta ?? {})}` : "";
  return text.includes(INSUFFICIENT_FUNDS_SQLSTATE) || text.includes("insufficient funds");
}

function interval(milliseconds: number): string {
  return `${Math.max(0, Math.round(milliseconds))} milliseconds`;
}

async function beginPurchase(party: ReturnType<typeof purchasingParty>, order: PurchaseOrder, fingerprint: string) {
  try {
    const rows = await db.$queryRaw<(PurchaseRow & { created: boolean })[]>`
      SELECT * FROM begin_purchase(
        ${party.accountId}::uuid, ${order.clientReference}, ${order.service}::"Service", ${fingerprint},
        ${order.planId}, ${order.networkId}, ${order.productName}, ${order.recipient}, ${order.customerName},
        ${order.charge}::bigint, ${party.channel}::"Channel", ${party.apiKeyId}::uuid, ${party.userId}::uuid,
        ${party.sourceIp}, ${interval(vendGracePeriod())}::interval)`;
    const row = rows[0];
    if (!row) throw new Error("begin_purchase returned no row");
    return row;
  } catch (error) {
    if (isInsufficientFunds(error)) {
      throw new AppError("wallet.insufficient_funds", `The wallet balance does not cover this purchase of ${order.charge} kobo.`);
    }
    throw error;
  }
}

export async function settlePurchase(transactionId: string, outcome: VendOutcome, requeryCount = 0): Promise<PurchaseRow> {
  const status = outcome.status === "successful" ? "SUCCESSFUL" : outcome.status === "failed" ? "FAILED" : "PENDING";
  const rows = await db.$queryRaw<PurchaseRow[]>`
    SELECT * FROM settle_purchase(
      ${transactionId}::uuid, ${status}::"TransactionStatus", ${outcome.providerReference},
      ${outcome.status === "successful" ? outcome.token : null}, ${outcome.status === "failed" ? outcome.reason : null},
      ${interval(requeryDelay(requeryCount))}::interval)`;
  const row = rows[0];
  if (!row) throw new Error(`settle_purchase found no transaction ${transactionId}`);
  return row;
}

export function vendRequestOf(row: Pick<PurchaseRow, "id" | "service" | "plan_id" | "network_id" | "recipient" | "amount">, phone: string | null = null): VendRequest {
  return {
    transactionId: row.id,
    service: row.service,
    productCode: (row.service === "AIRTIME" ? row.network_id : row.plan_id) ?? "",
    recipient: row.recipient,
    amount: row.amount,
    phone,
  };
}

/** Asks the provider, turning anything thrown into "pending": an unknown outcome is never a failure. */
async function vendSafely(request: VendRequest): Promise<VendOutcome> {
  try {
    return await getVendProvider().vend(request);
  } catch (error) {
    logger.warn({ transactionId: request.transactionId, err: error }, "vend threw; leaving the transaction pending");
    return { status: "pending", providerReference: null };
  }
}

export async function executePurchase(actor: Actor, order: PurchaseOrder): Promise<PurchaseResult> {
  const party = purchasingParty(actor);
  const fingerprint = orderFingerprint({
    service: order.service,
    productCode: order.productCode,
    recipient: order.recipient,
    amount: order.orderAmount,
  });

  const begun = await beginPurchase(party, order, fingerprint);
  if (!begun.created) {
    if (begun.order_fingerprint !== fingerprint) throw idempotencyConflict(order.clientReference);
    return { transaction: { ...toTransactionView(begun), idempotentReplay: true }, replay: true };
  }

  const outcome = await vendSafely(vendRequestOf(begun, order.phone));
  const settled = await settlePurchase(begun.id, outcome);
  return { transaction: toTransactionView(settled), replay: false };
}

/**
 * The answer for a reference that is already known, without touching the catalog or the provider:
 * a replay of the stored transaction, or 409 for a different order. Null when the reference is new.
 * Used before steps that must not run for a replay (customer verification), and when the plan of a
 * retried order has since been withdrawn from the catalog.
 */
export async function answerKnownReference(actor: Actor, order: Pick<PurchaseOrder, "clientReference" | "service" | "productCode" | "recipient" | "orderAmount">): Promise<PurchaseResult | null> {
  const { accountId } = purchasingParty(actor);
  const rows = await db.$queryRaw<PurchaseRow[]>`
    SELECT * FROM transactions WHERE account_id = ${accountId}::uuid AND client_reference = ${order.clientReference}`;
  const row = rows[0];
  if (!row) return null;
  const fingerprint = orderFingerprint({ service: order.service, productCode: order.productCode, recipient: order.recipient, amount: order.orderAmount });
  if (row.order_fingerprint !== fingerprint) throw idempotencyConflict(order.clientReference);
  return { transaction: { ...toTransactionView(row), idempotentReplay: true }, replay: true };
}

function idempotencyConflict(clientReference: string): AppError {
  return new AppError(
    "transaction.idempotency_conflict",
    `clientReference '${clientReference}' was already used for a different order. Use a new clientReference for a new order.`,
  );
}
