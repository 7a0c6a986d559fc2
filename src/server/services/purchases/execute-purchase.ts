/**
 * The purchase engine shared by data, airtime and bill payments (DESIGN.md §3.3):
 *
 *   1. begin_purchase (one statement): claim the clientReference, debit the wallet if it covers the
 *      amount, write the ledger entry, and record the first vend attempt (begin_vend_attempt, on the
 *      begin function's row in the same statement). A known reference returns the stored transaction
 *      instead, and the fingerprint decides between replay (no vend, no charge) and 409.
 *   2. the vend through the product's routes (vend-through-routes.ts): each attempt recorded with its own
 *      request id before it is sent, the next route tried only after a refusal before anything was
 *      executed; no database transaction or lock held while an upstream is asked;
 *   3. settle_purchase_attempt (one statement, through settle_purchase): successful; or failed with the
 *      debit reversed; or still pending for the reconciler.
 *
 * Exactly-once holds across any number of processes because steps 1 and 3 are decided by the
 * database: the unique (account, clientReference) index, the conditional debit, and "only a PENDING
 * transaction settles". A process that dies after step 1 leaves a pending transaction that the
 * reconciler settles by requerying the provider.
 */
import { env } from "~/env";
import type { ServiceCode } from "~/schemas/services";
import { actorLivemode, KeyAuthorizationChanged, type Actor } from "~/server/auth/actor";
import { queryRows, sql, type SqlStatement } from "~/server/db";
import { AppError } from "~/server/errors";
import { getVendProvider, type VendOutcome, type VendProvider, type VendRequest } from "~/server/providers";
import { orderFingerprint } from "./order-fingerprint";
import type { VendAttemptRow } from "./settle-purchase-attempt";
import { vendThroughRoutes } from "./vend-through-routes";
import {
  purchaseRowFromJson,
  purchaseRowJson,
  toTransactionView,
  type PurchaseRow,
  type PurchaseRowJson,
  type ReferenceLookup,
  type TransactionView,
} from "./transaction-view";
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
  /**
   * True when the begin statement gave this answer (a purchase, or a replay it found): it ran past its
   * key check, so a key authorised from memory (PurchaseContext.keyAuthorization) was confirmed.
   */
  keyConfirmed: boolean;
}

/**
 * What the REST purchase route knows of a request before the service runs (src/server/rest/purchase-route.ts);
 * the portal and other callers pass nothing.
 */
export interface PurchaseContext {
  /** What the key's look-up found under the order's reference: a retry is answered without another round trip. */
  lookup?: ReferenceLookup;
  /**
   * A key authorised from memory (docs/decisions/003-key-memory.md): the account's key authorization
   * version it was authorised on, which the begin statement checks in the database, with the key
   * unrevoked, before it claims or reads anything (RP401, KeyAuthorizationChanged, otherwise).
   */
  keyAuthorization?: string;
}

/**
 * The purchase party: an API key or a portal user of the account; operators do not buy. Its mode
 * (docs/architecture.md "Test mode in the database") decides the wallet, the reference's namespace and the
 * provider; the database refuses a test key's purchase in live mode and the other way round (a foreign key on
 * both).
 */
export function purchasingParty(actor: Actor, context: PurchaseContext = {}) {
  const livemode = actorLivemode(actor);
  if (actor.kind === "api-key") {
    return {
      accountId: actor.accountId,
      livemode,
      channel: "API" as const,
      apiKeyId: actor.apiKeyId,
      userId: null,
      sourceIp: actor.sourceIp,
      keyAuthorization: context.keyAuthorization ?? null,
    };
  }
  if (actor.kind === "user" && actor.accountId && actor.role !== "OPERATOR") {
    return {
      accountId: actor.accountId,
      livemode,
      channel: "PORTAL" as const,
      apiKeyId: null,
      userId: actor.userId,
      sourceIp: actor.sourceIp ?? "unknown",
      keyAuthorization: null,
    };
  }
  throw new AppError("forbidden", "Purchases are made by an account's API keys or its portal users.");
}

type PurchasingParty = ReturnType<typeof purchasingParty>;

/** SQLSTATEs raised by the purchase functions (prisma/sql/purchases/begin_*.sql, insert_purchase.sql). */
const INSUFFICIENT_FUNDS_SQLSTATE = "RP402";
const PLAN_NOT_FOUND_SQLSTATE = "RP404";
const PLAN_NOT_ON_SALE_SQLSTATE = "RP410";
const AMOUNT_OUT_OF_RANGE_SQLSTATE = "RP416";
/** A key authorised from memory that the begin statement did not confirm (prisma/sql/purchases/stored_purchase.sql). */
const KEY_AUTHORIZATION_CHANGED_SQLSTATE = "RP401";

function sqlState(error: unknown): string | undefined {
  return (error as { code?: unknown } | null)?.code as string | undefined;
}

/** A claimed purchase, with the first vend attempt its statement recorded (null for a replay, or when no route admitted it). */
type BegunPurchase = PurchaseRow & { created: boolean; firstAttempt: VendAttemptRow | null };

/** The failure reason of a purchase no route could take (every route switched off, or its circuit open). */
const NO_ROUTE_REASON = "No upstream can take orders for this product right now; nothing was sent.";

function interval(milliseconds: number): string {
  return `${Math.max(0, Math.round(milliseconds))} milliseconds`;
}

async function beginPurchase(party: PurchasingParty, order: PurchaseOrder, fingerprint: string): Promise<BegunPurchase> {
  return runBeginStatement(
    sql`begin_purchase(
      ${party.accountId}::uuid, ${order.clientReference}, ${order.service}::"Service", ${fingerprint},
      ${order.planId}, ${order.networkId}, ${order.productName}, ${order.recipient}, ${order.customerName},
      ${order.charge}::bigint, ${party.channel}::"Channel", ${party.apiKeyId}::uuid, ${party.userId}::uuid,
      ${party.sourceIp}, ${interval(vendGracePeriod())}::interval, ${party.livemode}, ${party.keyAuthorization}::uuid)`,
    `${order.charge} kobo`,
    party.livemode,
  );
}

/** The transaction a purchase function returns, as one JSON value (see purchaseRowJson). */
const RETURNED_PURCHASE = purchaseRowJson("p");

/**
 * Runs one of the begin functions (`call`, e.g. begin_purchase(...)), turning their SQLSTATEs into
 * the contract's errors; RP401, a key authorised from memory that its check refused, into
 * KeyAuthorizationChanged (nothing was written). The purchase it creates gets its first vend attempt
 * in the same statement (begin_vend_attempt): recorded, committed with the claim, before anything is
 * sent, at no round trip of its own; a replay's row passes through untouched.
 */
async function runBeginStatement(call: SqlStatement, what: string, livemode: boolean): Promise<BegunPurchase> {
  try {
    const [row] = await queryRows<{ created: boolean; purchase: PurchaseRowJson; attempt: VendAttemptRow | null }>(sql`
      SELECT b.created, ${RETURNED_PURCHASE} AS purchase, v.attempt
      FROM ${call} b
      CROSS JOIN LATERAL begin_vend_attempt(
        b, ${getVendProvider(livemode).name}, ${livemode}, ${interval(env.UPSTREAM_CIRCUIT_COOLDOWN_MS)}::interval,
        ${NO_ROUTE_REASON}) v
      CROSS JOIN LATERAL (SELECT (v.purchase).*) p`);
    if (!row) throw new Error("the purchase function returned no row");
    return { ...purchaseRowFromJson(row.purchase), created: row.created, firstAttempt: row.attempt };
  } catch (error) {
    const state = sqlState(error);
    if (state === KEY_AUTHORIZATION_CHANGED_SQLSTATE) throw new KeyAuthorizationChanged();
    if (state === INSUFFICIENT_FUNDS_SQLSTATE) {
      throw new AppError("wallet.insufficient_funds", `The wallet balance does not cover this purchase of ${what}.`);
    }
    throw error;
  }
}

/**
 * Settles a purchase as the provider's outcome says (settle_purchase: only a PENDING transaction
 * changes). A successful one keeps what was delivered; `token` is the electricity token or, for
 * vouchers, the first PIN (docs/integrating.md "What was delivered"). When the provider that settled it can reverse
 * a delivery (`reversalWatch`), the same statement puts it in the reversal sweep's queue.
 */
export async function settlePurchase(
  transactionId: string,
  outcome: VendOutcome,
  requeryCount = 0,
  provider?: Pick<VendProvider, "reversalWatch">,
): Promise<PurchaseRow> {
  const watch = outcome.status === "successful" ? provider?.reversalWatch : null;
  const status = outcome.status === "successful" ? "SUCCESSFUL" : outcome.status === "failed" ? "FAILED" : "PENDING";
  const delivered = outcome.status === "successful" ? outcome : null;
  const pins = delivered?.pins && delivered.pins.length > 0 ? delivered.pins : null;
  const token = delivered ? (delivered.token ?? pins?.[0]?.pin ?? null) : null;
  const rows = await queryRows<{ purchase: PurchaseRowJson }>(sql`
    SELECT ${RETURNED_PURCHASE} AS purchase FROM settle_purchase(
      ${transactionId}::uuid, ${status}::"TransactionStatus", ${outcome.providerReference},
      ${token}, ${outcome.status === "failed" ? outcome.reason : null},
      ${interval(requeryDelay(requeryCount))}::interval,
      ${pins === null ? null : JSON.stringify(pins)}::jsonb, ${delivered?.units ?? null}, ${delivered?.bonusToken ?? null},
      ${watch ? interval(watch.firstCheckMs) : null}::interval) p`);
  const row = rows[0];
  if (!row) throw new Error(`settle_purchase found no transaction ${transactionId}`);
  return purchaseRowFromJson(row.purchase);
}

/** What a vend is told beyond the stored transaction: the notification phone of a bill, and a renewal. */
export interface VendExtras {
  phone: string | null;
  renewal: VendRequest["renewal"];
}

const NO_EXTRAS: VendExtras = { phone: null, renewal: null };

export function vendRequestOf(
  row: Pick<PurchaseRow, "id" | "service" | "plan_id" | "network_id" | "recipient" | "amount" | "upstream_request_id">,
  extras: VendExtras = NO_EXTRAS,
): VendRequest {
  return {
    transactionId: row.id,
    service: row.service,
    productCode: (row.service === "AIRTIME" ? row.network_id : row.plan_id) ?? "",
    recipient: row.recipient,
    amount: row.amount,
    phone: extras.phone,
    renewal: extras.renewal,
    upstreamRequestId: row.upstream_request_id,
  };
}

/**
 * The steps every purchase kind shares: a reference the key's statement already found is answered
 * from it (replay or 409) without another round trip; otherwise `begin` claims the reference and
 * debits the wallet in one statement, and the vend and its settlement follow.
 */
async function runPurchase(
  actor: Actor,
  order: { clientReference: string; extras: VendExtras; fingerprint: Parameters<typeof orderFingerprint>[0] },
  context: PurchaseContext,
  begin: (party: PurchasingParty, fingerprint: string) => Promise<BegunPurchase>,
): Promise<PurchaseResult> {
  const { lookup } = context;
  const party = purchasingParty(actor, context);
  const fingerprint = orderFingerprint(order.fingerprint);
  const stored = lookedUp(lookup, party, order.clientReference);
  if (stored) return replayOrConflict(stored, fingerprint, order.clientReference, false);
  // Resolved before any money moves: a misconfigured provider (unknown VEND_PROVIDER, HTTP upstream
  // without its URL) fails this request with nothing charged, instead of a debit left pending forever.
  const provider = getVendProvider(party.livemode);
  // An order the provider can never send (VTpass: a product without its upstream name, an amount that is
  // not whole naira) is refused here, with nothing charged. A retry of an order already made is still
  // answered as one (a replay or 409), even if the same order could not be sent now: a portal purchase
  // has no look-up from the key's statement, so its reference is read only when the check refuses.
  try {
    await provider.checkOrder?.({
      service: order.fingerprint.service,
      productCode: order.fingerprint.productCode,
      amount: order.fingerprint.amount,
      phone: order.extras.phone,
      renew: order.extras.renewal ? true : undefined,
    });
  } catch (refusal) {
    const known = await storedUnder(party, order.clientReference, lookup);
    if (known) return replayOrConflict(known, fingerprint, order.clientReference, false);
    // The default upstream's check does not speak for a product with routes: each route's upstream refuses
    // what it cannot send when its turn comes, unsent, and the next route is tried.
    if (!(party.livemode && (await hasRoutes(order.fingerprint.service, order.fingerprint.productCode)))) throw refusal;
  }
  const begun = await begin(party, fingerprint);
  return completePurchase(begun, fingerprint, order.clientReference, order.extras);
}

/** Whether an operator gave the product routes (docs/operating.md "Routes and failover"). */
async function hasRoutes(service: ServiceCode, productCode: string): Promise<boolean> {
  const [row] = await queryRows<{ routed: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM product_routes WHERE service = ${service}::"Service" AND product_code = ${productCode}) AS routed`);
  return row?.routed ?? false;
}

/** An order whose charge the caller has decided (airtime: its amount). */
export async function executePurchase(actor: Actor, order: PurchaseOrder, context: PurchaseContext = {}): Promise<PurchaseResult> {
  const fingerprint = { service: order.service, productCode: order.productCode, recipient: order.recipient, amount: order.orderAmount };
  return runPurchase(
    actor,
    { clientReference: order.clientReference, extras: { phone: order.phone, renewal: null }, fingerprint },
    context,
    (party, hash) => beginPurchase(party, order, hash),
  );
}

/**
 * A data plan at the account's price, with the plan read by the database in the statement that claims
 * the reference and debits the wallet (begin_data_purchase): one round trip before the vend, where a
 * separate plan look-up would be two. A known reference is answered before the plan is looked at, so
 * a retry is a replay (or a 409) even after the plan has been withdrawn.
 */
export async function executeDataPurchase(
  actor: Actor,
  order: { clientReference: string; planId: string; recipient: string },
  context: PurchaseContext = {},
): Promise<PurchaseResult> {
  const fingerprint = { service: "DATA" as const, productCode: order.planId, recipient: order.recipient, amount: null };
  return runPurchase(actor, { clientReference: order.clientReference, extras: NO_EXTRAS, fingerprint }, context, (party, hash) =>
    runCatalogBegin(
      party.livemode,
      sql`begin_data_purchase(
        ${party.accountId}::uuid, ${order.clientReference}, ${hash}, ${order.planId}, ${order.recipient},
        ${party.channel}::"Channel", ${party.apiKeyId}::uuid, ${party.userId}::uuid, ${party.sourceIp},
        ${interval(vendGracePeriod())}::interval, ${party.livemode}, ${party.keyAuthorization}::uuid)`,
      {
        what: `the data plan '${order.planId}' at this account's price`,
        refusals: () => ({ notFound: planNotFound(order.planId), notOnSale: planNotOnSale(order.planId) }),
      },
    ),
  );
}

export interface BillOrder {
  clientReference: string;
  service: ServiceCode;
  productId: string;
  recipient: string;
  customerName: string | null;
  /** The amount sent: required for variable-amount products, absent (null) for fixed-price ones. */
  amount: bigint | null;
  phone: string | null;
  /** Cable TV: renew the current subscription at this amount (the biller's, kobo), not buy the product. */
  renewal: VendRequest["renewal"];
  /** Answers for the begin function's refusals, worded for the product's service path. */
  refusals: () => CatalogRefusals;
}

/**
 * A bill payment with the product read by the database in the statement that debits the wallet
 * (begin_bill_purchase): a fixed-price product is charged the account's price in force at that
 * instant, a variable one the amount sent, within the bounds as they are at that instant.
 */
export async function executeBillPurchase(actor: Actor, order: BillOrder, context: PurchaseContext = {}): Promise<PurchaseResult> {
  const fingerprint = {
    service: order.service,
    productCode: order.productId,
    recipient: order.recipient,
    amount: order.amount,
    renew: order.renewal ? true : undefined,
  };
  const extras = { phone: order.phone, renewal: order.renewal };
  return runPurchase(actor, { clientReference: order.clientReference, extras, fingerprint }, context, (party, hash) =>
    runCatalogBegin(
      party.livemode,
      sql`begin_bill_purchase(
        ${party.accountId}::uuid, ${order.clientReference}, ${order.service}::"Service", ${hash}, ${order.productId},
        ${order.recipient}, ${order.customerName}, ${order.amount}::bigint, ${party.channel}::"Channel", ${party.apiKeyId}::uuid,
        ${party.userId}::uuid, ${party.sourceIp}, ${interval(vendGracePeriod())}::interval, ${party.livemode})`,
      // Bill payments never authorise a key from memory: they verify the customer with the biller before this statement.
      { what: `'${order.productId}' at this account's price`, refusals: order.refusals },
    ),
  );
}

interface CatalogRefusals {
  notFound: AppError;
  notOnSale: AppError;
  outOfRange?: AppError;
}

/**
 * The begin functions that read the catalog: their "not found", "not on sale" and "out of range" as
 * the contract's errors. The errors are built only when one is thrown: an Error captures a stack
 * trace, which every purchase paid for (about 1 % of the purchase's server CPU) while building answers it
 * almost never gives.
 */
async function runCatalogBegin(
  livemode: boolean,
  statement: SqlStatement,
  answers: { what: string; refusals: () => CatalogRefusals },
): Promise<BegunPurchase> {
  try {
    return await runBeginStatement(statement, answers.what, livemode);
  } catch (error) {
    const state = sqlState(error);
    if (state === PLAN_NOT_FOUND_SQLSTATE) throw answers.refusals().notFound;
    if (state === PLAN_NOT_ON_SALE_SQLSTATE) throw answers.refusals().notOnSale;
    const outOfRange = state === AMOUNT_OUT_OF_RANGE_SQLSTATE ? answers.refusals().outOfRange : undefined;
    throw outOfRange ?? error;
  }
}

export function planNotFound(planId: string): AppError {
  return new AppError("plan.not_found", `No data plan with planId '${planId}'. See GET /api/v1/plans.`);
}

export function planNotOnSale(planId: string): AppError {
  return new AppError("plan.unavailable", `The data plan '${planId}' is not on sale now. See GET /api/v1/plans for what is.`);
}

/** After the begin step: a replay or 409 for a known reference; else the vend and its settlement. */
async function completePurchase(
  begun: BegunPurchase,
  fingerprint: string,
  clientReference: string,
  extras: VendExtras,
): Promise<PurchaseResult> {
  if (!begun.created) return replayOrConflict(begun, fingerprint, clientReference, true);
  const { settled, last: outcome } = await vendThroughRoutes(begun, begun.firstAttempt, vendRequestOf(begun, extras));
  if (outcome === null && settled.status === "FAILED") {
    throw new AppError(
      "provider.unavailable",
      `No upstream can take orders for this product right now. Nothing was charged (transaction ${settled.id} failed and was refunded); try again shortly with a new clientReference.`,
    );
  }
  if (outcome?.status === "failed" && outcome.providerUnavailable && settled.status === "FAILED") {
    // Refunded in the settlement above; the reseller is told to try again later (a new clientReference:
    // this one stays the failed, refunded transaction, and replays as such).
    throw new AppError(
      "provider.unavailable",
      `The provider cannot take orders right now: ${outcome.reason} Nothing was charged (transaction ${settled.id} failed and was refunded); try again shortly with a new clientReference.`,
    );
  }
  return { transaction: toTransactionView(settled), replay: false, keyConfirmed: true };
}

/**
 * The answer for a reference that is already known, without touching the catalog or the provider:
 * a replay of the stored transaction, or 409 for a different order. Null when the reference is new.
 * Used before steps that must not run for a replay (customer verification), and when the plan of a
 * retried order has since been withdrawn from the catalog.
 */
export async function answerKnownReference(
  actor: Actor,
  order: Pick<PurchaseOrder, "clientReference" | "service" | "productCode" | "recipient" | "orderAmount"> & { renew?: boolean },
  context: PurchaseContext = {},
): Promise<PurchaseResult | null> {
  const row = await storedUnder(purchasingParty(actor), order.clientReference, context.lookup);
  if (!row) return null;
  const fingerprint = orderFingerprint({
    service: order.service,
    productCode: order.productCode,
    recipient: order.recipient,
    amount: order.orderAmount,
    renew: order.renew,
  });
  return replayOrConflict(row, fingerprint, order.clientReference, false);
}

/** The transaction stored under the party's reference (in its mode): from the key's look-up when it has one, else read. */
async function storedUnder(
  party: { accountId: string; livemode: boolean },
  clientReference: string,
  lookup: ReferenceLookup | undefined,
): Promise<PurchaseRow | null> {
  const found = lookedUp(lookup, party, clientReference);
  if (found !== undefined) return found;
  const rows = await queryRows<PurchaseRow>(sql`
    SELECT * FROM transactions
    WHERE account_id = ${party.accountId}::uuid AND livemode = ${party.livemode} AND client_reference = ${clientReference}`);
  return rows[0] ?? null;
}

/**
 * What the key's statement found stored under this reference: the transaction, or null when the
 * reference was free then; undefined when it cannot say (no look-up, or one for another reference).
 * Only ever the purchasing account's own row of the purchase's mode: the look-up is made for the key's
 * account and mode and checked again here, so a look-up handed to the wrong actor can never answer
 * for another account or the other mode.
 */
function lookedUp(
  lookup: ReferenceLookup | undefined,
  party: { accountId: string; livemode: boolean },
  clientReference: string,
): PurchaseRow | null | undefined {
  if (lookup?.clientReference !== clientReference) return undefined;
  const stored = lookup.transaction;
  if (stored && (stored.account_id !== party.accountId || stored.livemode !== party.livemode)) return undefined;
  return stored;
}

/**
 * A known reference: the stored transaction again for the same order, 409 for a different one.
 * `keyConfirmed`: the begin statement found it (PurchaseResult).
 */
function replayOrConflict(stored: PurchaseRow, fingerprint: string, clientReference: string, keyConfirmed: boolean): PurchaseResult {
  if (stored.order_fingerprint !== fingerprint) throw idempotencyConflict(clientReference);
  return { transaction: { ...toTransactionView(stored), idempotentReplay: true }, replay: true, keyConfirmed };
}

function idempotencyConflict(clientReference: string): AppError {
  return new AppError(
    "transaction.idempotency_conflict",
    `clientReference '${clientReference}' was already used for a different order. Use a new clientReference for a new order.`,
  );
}
