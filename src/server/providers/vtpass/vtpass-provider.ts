/**
 * VEND_PROVIDER=vtpass: VTpass's public API, followed to the letter (docs/operating.md "The VTpass provider").
 *
 *   POST /api/pay             { request_id, serviceID, billersCode?, variation_code?, amount?, phone, ... }
 *   POST /api/requery         { request_id }
 *   POST /api/merchant-verify { billersCode, serviceID, type? }
 *
 * Our products carry VTpass's names for them (migration 20261124011800_vtpass_upstream): a data plan or
 * bill product its serviceID and variation_code, a network its airtime serviceID. An order for a
 * product without them is refused before any money moves (checkOrder).
 *
 * Money: we count kobo, VTpass counts naira. An amount the order defines (airtime, electricity) must be
 * whole naira; anything else is refused before any money moves rather than rounded. Fixed-price
 * products send no amount: the variation_code decides the price
 * (https://www.vtpass.com/documentation/waec-result-checker-api/: "This amount will be ignored").
 *
 * Outcomes, from https://www.vtpass.com/documentation/response-codes/ ("Take any response that differs
 * from the guidelines provided here as pending"; "If transaction times out or response is not
 * received, please treat as pending"): only a code that says the order was not and will not be
 * executed is a failure; everything else stays pending for the requery.
 */
import type { Env } from "~/env";
import { queryRows, sql } from "~/server/db";
import { AppError } from "~/server/errors";
import type { ServiceCode } from "~/schemas/services";
import type {
  OrderCheck,
  RefusalKind,
  ReversalWatch,
  UpstreamNames,
  VendOutcome,
  VendProvider,
  VendRequest,
  VerifyOutcome,
  VerifyRequest,
} from "../vend-provider";
import { upstreamLogger, vendFaultOutcome } from "../upstream-http";
import { VtpassClient, VtpassFault, type VtpassAnswer, type VtpassClientOptions } from "./vtpass-client";
import { deliveredOf, stringField } from "./vtpass-delivery";

const { log, gaveUp } = upstreamLogger("vtpass", "vtpass");

/**
 * Codes that prove the order was refused and never executed (https://www.vtpass.com/documentation/response-codes/).
 * `refusal` marks those refused for a reason of the route, not of the order: the purchase may then be tried
 * on its next route (docs/operating.md "Routes and failover"). 016, 091 (the order failed or was not
 * processed) and 019 (VTpass's own duplicate guard) end the purchase.
 */
export const REFUSAL_CODES: Readonly<
  Record<string, { reason: string; refusal?: RefusalKind; providerUnavailable?: true; operatorAlert?: string }>
> = {
  "016": { reason: "The provider reports the transaction failed." },
  "091": { reason: "The provider did not process the transaction." },
  "010": { reason: "The provider does not know this product variation.", refusal: "product" },
  "011": { reason: "The provider refused the order's arguments.", refusal: "product" },
  "012": { reason: "The provider does not know this product.", refusal: "product" },
  "013": { reason: "The amount is below the provider's minimum for this product.", refusal: "product" },
  "017": { reason: "The amount is above the provider's maximum for this product.", refusal: "product" },
  "019": {
    reason:
      "The provider refused this order as a likely duplicate: the same product for the same recipient within 30 seconds. Nothing was charged; if it is a new order, retry after 30 seconds with a new clientReference.",
  },
  "018": { reason: "The provider's wallet is low.", refusal: "balance", providerUnavailable: true },
  "021": { reason: "The provider account is locked.", refusal: "account", providerUnavailable: true },
  "022": { reason: "The provider account is suspended.", refusal: "account", providerUnavailable: true },
  "023": { reason: "The provider account has no API access.", refusal: "account", providerUnavailable: true },
  "024": { reason: "The provider account is inactive.", refusal: "account", providerUnavailable: true },
  "030": { reason: "The biller cannot be reached.", refusal: "product", providerUnavailable: true },
  // Refused before anything was executed, for a fault of ours that no retry by the reseller can mend: the
  // operator is alerted (docs/operating.md "The VTpass provider", "What resellers see").
  "085": {
    reason: "The provider refused the order's request id; it was not executed.",
    refusal: "account",
    providerUnavailable: true,
    operatorAlert: "VTpass refused a request id as improper (085): our request ids do not follow their format.",
  },
  "087": {
    reason: "The provider refused our credentials.",
    refusal: "account",
    providerUnavailable: true,
    operatorAlert: "VTpass refused our credentials (087): check VTPASS_API_KEY, VTPASS_PUBLIC_KEY and VTPASS_SECRET_KEY.",
  },
};

/** `000`: the order's own status decides (content.transactions.status). */
const DELIVERED = "delivered";
const NOT_EXECUTED_STATUSES = new Set(["failed", "reversed"]);
/** The reason of a `000` answer with status "reversed": how the callback tells a reversal from any other failure. */
export const REVERSED_REASON = "The provider reversed the transaction.";

/** The serviceIDs VTpass has no merchant-verify for: nothing to check, the id is taken as given. */
const UNVERIFIABLE_SERVICES = new Set(["waec", "waec-registration", "showmax", "spectranet"]);
/**
 * Cable serviceIDs whose purchase says whether it changes to the bouquet bought or renews the current
 * one, at the amount verification states (https://www.vtpass.com/documentation/dstv-subscription-api/).
 */
const SUBSCRIPTION_SERVICES = new Set(["dstv", "gotv"]);

const VERIFY_UNAVAILABLE = "The biller could not be reached.";
const NEVER_SENT_UNMAPPED = "This product has no VTpass mapping; the order was never sent.";
const NEVER_RECEIVED = "The provider never received the order.";

interface UpstreamName {
  service: string;
  code: string | null;
}

export interface VtpassProviderOptions extends VtpassClientOptions {
  /**
   * 015 on requery settles failed only once the request id is at least this old (docs/operating.md
   * "The VTpass provider").
   */
  notFoundAfterMs: number;
  /** VTpass's mandatory `phone` for a bill payment that names none. */
  defaultPhone: string | null;
  /** The upstream names of a product; the catalog by default, a table in tests. */
  lookup?: (service: ServiceCode, productCode: string) => Promise<UpstreamName | null>;
  now?: () => number;
  /** VTpass reverses delivered orders now and then: how delivered purchases are watched for it; null not at all. */
  reversalWatch?: ReversalWatch | null;
}

export class VtpassProvider implements VendProvider {
  readonly name = "vtpass";
  readonly reversalWatch: ReversalWatch | null;
  private readonly client: VtpassClient;
  private readonly notFoundAfterMs: number;
  private readonly defaultPhone: string | null;
  private readonly lookup: (service: ServiceCode, productCode: string) => Promise<UpstreamName | null>;
  private readonly now: () => number;

  constructor(options: VtpassProviderOptions) {
    this.client = new VtpassClient(options);
    this.notFoundAfterMs = options.notFoundAfterMs;
    this.defaultPhone = options.defaultPhone;
    this.lookup = options.lookup ?? upstreamNameFromCatalog;
    this.now = options.now ?? Date.now;
    this.reversalWatch = options.reversalWatch ?? null;
  }

  /** The route's names when the purchase goes through a route, else the catalog's. */
  private async namesFor(
    service: ServiceCode,
    productCode: string,
    upstream: UpstreamNames | null | undefined,
  ): Promise<UpstreamName | null> {
    if (upstream) return upstream.service ? { service: upstream.service, code: upstream.code } : null;
    return this.lookup(service, productCode);
  }

  async checkOrder(order: OrderCheck): Promise<void> {
    const name = await this.namesFor(order.service, order.productCode, order.upstream);
    if (!name || (order.service !== "AIRTIME" && !name.code)) {
      throw new AppError(
        "provider.unavailable",
        "This product cannot be bought right now: the upstream has no name for it. Nothing was charged.",
      );
    }
    if (order.amount !== null && order.amount % 100n !== 0n) {
      throw new AppError("amount.out_of_range", "The amount must be whole naira (a multiple of 100 kobo) for this provider.");
    }
    if (isBill(order.service) && !order.phone) {
      // A PIN bought without a customer is told apart by its phone alone (VTpass's 019 rule keys on it):
      // one default number for all of them would refuse the second of any two candidates' PINs.
      const reason =
        name && identifiedByPhone(order.service, name)
          ? "is required for this product: the provider tells its orders apart by the phone number"
          : this.defaultPhone
            ? null
            : "is required by the provider for this bill payment";
      if (reason) throw new AppError("validation.failed", `phone: ${reason}`, [{ name: "phone", reason }]);
    }
    if (order.renew && !(name && SUBSCRIPTION_SERVICES.has(name.service))) {
      const reason = "cannot be `renew` for this product through the provider: pay for the bouquet (`change`)";
      throw new AppError("validation.failed", `subscriptionType: ${reason}`, [{ name: "subscriptionType", reason }]);
    }
  }

  async verifyCustomer(request: VerifyRequest): Promise<VerifyOutcome> {
    const name = await this.namesFor(request.service, request.productCode, request.upstream);
    if (!name?.code) return { status: "unavailable", reason: "This product cannot be verified through the provider." };
    if (UNVERIFIABLE_SERVICES.has(name.service)) return { status: "valid", customerName: request.customerId, details: {} };
    const body: Record<string, unknown> = { billersCode: request.customerId, serviceID: name.service };
    // Electricity's `type` is the meter type (prepaid/postpaid), JAMB's the variation
    // (https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/).
    if (request.service === "ELECTRICITY" || name.service === "jamb") body.type = name.code;
    try {
      const answer = await this.client.postQuery("api/merchant-verify", body, "verify");
      return interpretVerify(answer);
    } catch (error) {
      gaveUp("verify", null, error);
      return { status: "unavailable", reason: VERIFY_UNAVAILABLE };
    }
  }

  async vend(request: VendRequest): Promise<VendOutcome> {
    // Orders that cannot be sent are refused here, never sent: the purchase may go on to its next route.
    const notSent = (reason: string): VendOutcome => ({ status: "failed", providerReference: null, reason, refusal: "product" });
    const requestId = request.upstreamRequestId;
    if (!requestId) return notSent("The transaction has no VTpass request id; the order was never sent.");
    const name = await this.namesFor(request.service, request.productCode, request.upstream);
    if (!name || (request.service !== "AIRTIME" && !name.code)) return notSent(NEVER_SENT_UNMAPPED);
    if (identifiedByPhone(request.service, name) && !request.phone)
      return notSent("This product needs the customer's phone; the order was never sent.");
    const body = payBody(request, requestId, name, this.defaultPhone);
    if (!body) return notSent("The amount is not whole naira; the order was never sent.");
    try {
      return interpretTransaction(await this.client.pay(body), request.service, "vend");
    } catch (error) {
      gaveUp("vend", request.transactionId, error);
      return vendFaultOutcome(error);
    }
  }

  /**
   * What became of an order, by /api/requery. Throws (VtpassFault) when VTpass could not be asked, or
   * answered without the order's state (refused credentials `087`, a code about the request rather than
   * the order, no code at all): the caller then keeps the transaction as it is. The reconciler asks again
   * later; a callback is refused so that VTpass sends it again (docs/operating.md "The VTpass provider", "Callbacks"). Never read as
   * "pending", which would let a reversal that could not be confirmed be acknowledged and lost.
   */
  async requery(request: VendRequest & { providerReference: string | null }): Promise<VendOutcome> {
    const requestId = request.upstreamRequestId;
    // Begun before request ids existed: never sent to VTpass under any id we know; left for an operator.
    if (!requestId) return { status: "pending", providerReference: request.providerReference };
    let answer: VtpassAnswer;
    try {
      answer = await this.client.postQuery("api/requery", { request_id: requestId }, "requery");
    } catch (error) {
      gaveUp("requery", request.transactionId, error);
      throw error;
    }
    const code = codeOf(answer);
    if (code === "015") {
      // "This RequestID was not used on our platform". VTpass does not promise that the id is now closed,
      // so a purchase still on its way could yet arrive: only an id old enough that no purchase of ours
      // can still be in flight is taken as never received (docs/operating.md "The VTpass provider").
      const age = requestIdAgeMs(requestId, this.now());
      if (age !== null && age >= this.notFoundAfterMs) return { status: "failed", providerReference: null, reason: NEVER_RECEIVED };
      return { status: "pending", providerReference: request.providerReference };
    }
    // Only the order's own status (or 099, "processing") says anything about it: a refusal code answered
    // to a requery describes the requery, not the order.
    if (code !== "099" && !answerHasTransaction(answer)) {
      const fault = new VtpassFault(
        "unexpected-answer",
        `requery answered ${code === null ? `HTTP ${answer.httpStatus} without a code` : `code ${code}`} and not the order's status`,
      );
      gaveUp("requery", request.transactionId, fault);
      throw fault;
    }
    const outcome = interpretTransaction(answer, request.service, "requery");
    return outcome.status === "pending" && outcome.providerReference === null
      ? { ...outcome, providerReference: request.providerReference }
      : outcome;
  }

  /** GET /api/balance: VTpass's wallet, in naira as they give it (the balance poll and the console read it; purchases never do). */
  async balance(): Promise<number | null> {
    const answer = await this.client.get("api/balance");
    const contents = answer.body.contents as { balance?: unknown } | undefined;
    const balance = Number(contents?.balance);
    return Number.isFinite(balance) ? balance : null;
  }
}

function isBill(service: ServiceCode): boolean {
  return service !== "DATA" && service !== "AIRTIME";
}

/**
 * Education PINs other than JAMB's are bought without a customer (no billersCode, a `quantity`:
 * https://www.vtpass.com/documentation/waec-result-checker-api/), so VTpass knows the order by its
 * `phone` alone: it must be the customer's own, never VTPASS_DEFAULT_PHONE (docs/operating.md "The VTpass provider").
 */
function identifiedByPhone(service: ServiceCode, name: UpstreamName): boolean {
  return service === "EDUCATION" && name.service !== "jamb";
}

/** The body of /api/pay for one order, or null when its amount is not whole naira. */
export function payBody(
  request: VendRequest,
  requestId: string,
  name: UpstreamName,
  defaultPhone: string | null,
): Record<string, unknown> | null {
  const body: Record<string, unknown> = { request_id: requestId, serviceID: name.service };
  body.phone =
    request.service === "DATA" || request.service === "AIRTIME"
      ? request.recipient
      : identifiedByPhone(request.service, name)
        ? request.phone
        : (request.phone ?? defaultPhone);
  if (request.service === "AIRTIME" || request.service === "ELECTRICITY") {
    if (request.amount % 100n !== 0n) return null;
    // Naira as a JSON number: exact for any whole-naira amount below 2^53.
    body.amount = Number(request.amount / 100n);
  }
  if (request.renewal) {
    // Renewing names no bouquet: the current one is renewed, at the amount verification stated.
    // Naira as a JSON number: kobo / 100 is the nearest double to the decimal, written as it (1850.5).
    Object.assign(body, { billersCode: request.recipient, amount: Number(request.renewal.amount) / 100, subscription_type: "renew" });
    return body;
  }
  if (request.service !== "AIRTIME") {
    body.variation_code = name.code;
    // Education PINs have no customer: no billersCode, one PIN.
    if (identifiedByPhone(request.service, name)) body.quantity = 1;
    else body.billersCode = request.recipient;
  }
  if (SUBSCRIPTION_SERVICES.has(name.service)) body.subscription_type = "change";
  return body;
}

function codeOf(answer: VtpassAnswer): string | null {
  const code = answer.body.code;
  return typeof code === "string" ? code : typeof code === "number" ? String(code).padStart(3, "0") : null;
}

function transactionOf(answer: VtpassAnswer): Record<string, unknown> | null {
  const content = answer.body.content as { transactions?: unknown } | undefined;
  const transaction = content?.transactions;
  return typeof transaction === "object" && transaction !== null ? (transaction as Record<string, unknown>) : null;
}

function answerHasTransaction(answer: VtpassAnswer): boolean {
  return typeof transactionOf(answer)?.status === "string";
}

/** What a /api/pay or /api/requery answer says of the order. Throws VtpassFault for an answer without a code. */
export function interpretTransaction(answer: VtpassAnswer, service: ServiceCode, operation: "vend" | "requery"): VendOutcome {
  const code = codeOf(answer);
  if (code === null) throw new VtpassFault("unexpected-answer", `HTTP ${answer.httpStatus} without a response code`);
  const transaction = transactionOf(answer);
  const providerReference = stringField(transaction?.transactionId);
  if (code === "000" || code === "001") {
    const status = typeof transaction?.status === "string" ? transaction.status.toLowerCase() : null;
    if (status === DELIVERED) {
      if (!providerReference) throw new VtpassFault("unexpected-answer", "delivered without a transactionId");
      return { status: "successful", providerReference, ...deliveredOf(answer.body, service) };
    }
    if (status !== null && NOT_EXECUTED_STATUSES.has(status)) {
      return {
        status: "failed",
        providerReference,
        reason: status === "reversed" ? REVERSED_REASON : "The provider reports the transaction failed.",
      };
    }
    // initiated, pending, resolved ("contact us"), or anything new: the requery decides.
    return { status: "pending", providerReference };
  }
  const refusal = REFUSAL_CODES[code];
  if (refusal) {
    log("warn", `vtpass ${operation} refused with code ${code}`, { operation, code });
    return {
      status: "failed",
      providerReference,
      reason: refusal.reason,
      ...(refusal.refusal ? { refusal: refusal.refusal } : {}),
      ...(refusal.providerUnavailable ? { providerUnavailable: true } : {}),
      ...(refusal.operatorAlert ? { operatorAlert: { code, problem: refusal.operatorAlert } } : {}),
    };
  }
  // 099 (processing), 014 (request id exists: an earlier send reached them), 044 (resolved), 015 on a
  // purchase, and any code not in their table: ambiguous, so pending.
  if (code !== "099") log("warn", `vtpass ${operation} answered code ${code}; left pending for the requery`, { operation, code });
  return { status: "pending", providerReference };
}

function interpretVerify(answer: VtpassAnswer): VerifyOutcome {
  const code = codeOf(answer);
  const content = (answer.body.content ?? {}) as Record<string, unknown>;
  if (code === "000" || code === "020") {
    const customerName = stringField(content.Customer_Name);
    if (customerName) {
      const details: Record<string, string> = {};
      for (const [key, value] of Object.entries(content)) {
        const text = stringField(value);
        if (text && key !== "Customer_Name" && key !== "error") details[key] = text;
      }
      const renewalAmount = nairaToKobo(content.Renewal_Amount);
      const renewal = renewalAmount ? { amount: renewalAmount, currentBouquet: stringField(content.Current_Bouquet) } : null;
      return { status: "valid", customerName, details, renewal };
    }
    // VTpass answers an unknown smartcard or meter 000 with content.error.
    const error = stringField(content.error);
    if (error) return { status: "invalid", reason: error.slice(0, 500) };
  }
  if (code === "011") return { status: "invalid", reason: "The biller does not know this customer." };
  if (code === null) throw new VtpassFault("unexpected-answer", `HTTP ${answer.httpStatus} without a response code`);
  throw new VtpassFault("unexpected-answer", `verification answered code ${code}`);
}

/** "7900.00" or 7900 (naira, as VTpass writes amounts) as kobo, exactly; null for anything else or not positive. */
function nairaToKobo(value: unknown): bigint | null {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const kobo = BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
  return kobo > 0n ? kobo : null;
}

/** How old a request id is, from its first 12 characters (Lagos YYYYMMDDHHII, UTC+1 all year); null if unreadable. */
export function requestIdAgeMs(requestId: string, now: number): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(requestId);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const issued = Date.UTC(year, month - 1, day, hour - 1, minute);
  return Number.isFinite(issued) ? now - issued : null;
}

async function upstreamNameFromCatalog(service: ServiceCode, productCode: string): Promise<UpstreamName | null> {
  const rows =
    service === "AIRTIME"
      ? await queryRows<{ service: string | null; code: null }>(
          sql`SELECT airtime_upstream_service AS service, NULL AS code FROM networks WHERE id = ${productCode}`,
        )
      : service === "DATA"
        ? await queryRows<{ service: string | null; code: string | null }>(
            sql`SELECT upstream_service AS service, upstream_code AS code FROM data_plans WHERE id = ${productCode}`,
          )
        : await queryRows<{ service: string | null; code: string | null }>(
            sql`SELECT upstream_service AS service, upstream_code AS code FROM bill_products WHERE id = ${productCode}`,
          );
  const row = rows[0];
  return row?.service ? { service: row.service, code: row.code } : null;
}

/** The provider as the environment configures it; throws (before any money moves) when a key is missing. */
export function vtpassProviderFromEnv(
  config: Pick<
    Env,
    | "VTPASS_BASE_URL"
    | "VTPASS_API_KEY"
    | "VTPASS_PUBLIC_KEY"
    | "VTPASS_SECRET_KEY"
    | "VTPASS_TIMEOUT_MS"
    | "VTPASS_QUERY_TIMEOUT_MS"
    | "VTPASS_RETRIES"
    | "VTPASS_RETRY_DELAY_MS"
    | "VTPASS_NOT_FOUND_AFTER_MS"
    | "VTPASS_DEFAULT_PHONE"
    | "VTPASS_REVERSAL_WINDOW_MS"
    | "VTPASS_REVERSAL_FIRST_CHECK_MS"
  >,
): VtpassProvider {
  const { VTPASS_API_KEY: apiKey, VTPASS_PUBLIC_KEY: publicKey, VTPASS_SECRET_KEY: secretKey } = config;
  if (!apiKey || !publicKey || !secretKey) {
    const missing = [apiKey ? null : "VTPASS_API_KEY", publicKey ? null : "VTPASS_PUBLIC_KEY", secretKey ? null : "VTPASS_SECRET_KEY"];
    throw new Error(`VEND_PROVIDER=vtpass needs ${missing.filter((entry) => entry !== null).join(", ")}.`);
  }
  return new VtpassProvider({
    baseUrl: config.VTPASS_BASE_URL,
    apiKey,
    publicKey,
    secretKey,
    vendTimeoutMs: config.VTPASS_TIMEOUT_MS,
    queryTimeoutMs: config.VTPASS_QUERY_TIMEOUT_MS,
    retries: config.VTPASS_RETRIES,
    retryDelayMs: config.VTPASS_RETRY_DELAY_MS,
    notFoundAfterMs: config.VTPASS_NOT_FOUND_AFTER_MS,
    defaultPhone: config.VTPASS_DEFAULT_PHONE ?? null,
    reversalWatch:
      config.VTPASS_REVERSAL_WINDOW_MS > 0
        ? { firstCheckMs: config.VTPASS_REVERSAL_FIRST_CHECK_MS, windowMs: config.VTPASS_REVERSAL_WINDOW_MS }
        : null,
  });
}
