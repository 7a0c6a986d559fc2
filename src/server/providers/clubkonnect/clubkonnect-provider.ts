/**
 * Clubkonnect (Nellobytes Systems) as an upstream of product routes (docs/operating.md "The Clubkonnect
 * provider"): airtime, data (its SME, gifting and corporate-gifting plans), cable TV, electricity, WAEC and
 * JAMB PINs, Smile and Spectranet, from their public API as their documentation and integrators' code
 * describe it:
 *
 *   GET APIAirtimeV1.asp      MobileNetwork, Amount, MobileNumber, RequestID
 *   GET APIDatabundleV1.asp   MobileNetwork, DataPlan, MobileNumber, RequestID
 *   GET APICableTVV1.asp      CableTV, Package, SmartCardNo, PhoneNo, RequestID
 *   GET APIElectricityV1.asp  ElectricCompany, MeterType, MeterNo, Amount, PhoneNo, RequestID
 *   GET APIWAECV1.asp / APIJAMBV1.asp   ExamType (JAMB: ProfileID), PhoneNo, RequestID
 *   GET APISmileV1.asp / APISpectranetV1.asp   MobileNetwork, DataPlan, MobileNumber, RequestID
 *   GET APIQueryV1.asp        RequestID                    (what became of an order)
 *   GET APIWalletBalanceV1.asp                             (our wallet there)
 *
 * No CallBackURL is sent: the reconciler's queries settle what a purchase's own answer left pending.
 *
 * Every answer is a JSON object whose `status` word (`ORDER_COMPLETED`, `ORDER_RECEIVED`, an error such as
 * `INSUFFICIENT_BALANCE`) decides, with `statuscode` (100, 200, ...) beside it and `orderid` their reference.
 * The status word is read, never the number alone: integrators disagree about the numbers, not the words.
 *
 * Clubkonnect has no names for our products: a purchase through it always comes by a route that gives them
 * (upstream service: the network, disco, cable or exam code; upstream code: the plan, package, meter type
 * or exam type). An order without them is refused before it is sent. Money: Clubkonnect counts naira, so
 * an amount the order defines must be whole naira.
 *
 * Outcomes (CLUBKONNECT_STATUSES, the table in docs/operating.md): only a status that says the order was
 * not and will not be executed is a failure; every other answer, and no answer, leaves it pending for the
 * query. A refusal for a reason of the route (our wallet, credentials, the product) carries `refusal`, so
 * the purchase may go on to its next route.
 */
import type { Env } from "~/env";
import { AppError } from "~/server/errors";
import type { ServiceCode } from "~/schemas/services";
import type {
  Delivered,
  OrderCheck,
  RefusalKind,
  UpstreamNames,
  VendOutcome,
  VendProvider,
  VendRequest,
  VerifyOutcome,
  VerifyRequest,
} from "../vend-provider";
import { UpstreamFault, upstreamLogger, vendFaultOutcome } from "../upstream-http";
import { requestIdAgeMs } from "../vtpass/vtpass-provider";
import { pinsInPurchasedCode, stringField, unlabelled } from "../vtpass/vtpass-delivery";
import { ClubkonnectClient, type ClubkonnectAnswer, type ClubkonnectClientOptions } from "./clubkonnect-client";

const { log, gaveUp } = upstreamLogger("clubkonnect", "clubkonnect");

export type ClubkonnectReading = "delivered" | "pending" | "failed" | "refused";

/**
 * Every status word we know, and what it says of the order. "refused" carries the RefusalKind: refused
 * before anything was executed, for a reason of the route. "failed": not executed, and the purchase ends.
 */
export const CLUBKONNECT_STATUSES: Readonly<
  Record<string, { reading: ClubkonnectReading; reason: string; refusal?: RefusalKind; providerUnavailable?: true; operatorAlert?: string }>
> = {
  ORDER_COMPLETED: { reading: "delivered", reason: "Delivered." },
  ORDER_RECEIVED: { reading: "pending", reason: "Received; being processed." },
  ORDER_PROCESSED: { reading: "pending", reason: "Processed by Clubkonnect; not yet confirmed by the network." },
  ORDER_ONHOLD: { reading: "pending", reason: "Held by Clubkonnect for review." },
  ORDER_CANCELLED: { reading: "failed", reason: "The provider cancelled the order; nothing was delivered." },
  ORDER_FAILED: { reading: "failed", reason: "The provider reports the order failed." },
  INSUFFICIENT_BALANCE: { reading: "refused", refusal: "balance", providerUnavailable: true, reason: "The provider's wallet is low." },
  INSUFFICIENT_APIBALANCE: { reading: "refused", refusal: "balance", providerUnavailable: true, reason: "The provider's wallet is low." },
  ...Object.fromEntries(
    ["INVALID_CREDENTIALS", "INVALID_CREDENTIALS3", "MISSING_CREDENTIALS", "MISSING_USERID", "MISSING_APIKEY", "AUTHENTICATION_FAILED"].map(
      (status) => [
        status,
        {
          reading: "refused" as const,
          refusal: "account" as const,
          providerUnavailable: true as const,
          reason: "The provider refused our credentials.",
          operatorAlert: `Clubkonnect refused our credentials (${status}): check CLUBKONNECT_USER_ID, CLUBKONNECT_API_KEY and that this server's address is on their whitelist.`,
        },
      ],
    ),
  ),
  ...Object.fromEntries(
    [
      "MISSING_MOBILENETWORK",
      "INVALID_MOBILENETWORK",
      "MISSING_DATAPLAN",
      "INVALID_DATAPLAN",
      "MISSING_AMOUNT",
      "INVALID_AMOUNT",
      "MINIMUM_50",
      "MINIMUM_200000",
      "MAXIMUM_200000",
      "INVALID_PRODUCT_CODE",
      "MISSING_CABLETV",
      "INVALID_CABLETV",
      "MISSING_PACKAGE",
      "INVALID_PACKAGE",
      "INVALID_COMPANY",
      "MISSING_METERTYPE",
      "INVALID_METERTYPE",
      "MISSING_EXAMTYPE",
      "INVALID_EXAMTYPE",
      "INVALID_CALLBACKURL",
    ].map((status) => [
      status,
      { reading: "refused" as const, refusal: "product" as const, reason: `The provider refused the order's arguments (${status}).` },
    ]),
  ),
  ...Object.fromEntries(
    [
      "SERVICE_TEMPORARILY_UNAVAIALBLE",
      "SERVICE_TEMPORARILY_UNAVAILABLE",
      "SERVICE_UNAVAILABLE",
      "PRODUCT_NOT_AVAILABLE",
      "QUANTITY_NOT_AVAILABLE",
      "PIN_NOT_AVAILABLE",
    ].map((status) => [
      status,
      {
        reading: "refused" as const,
        refusal: "product" as const,
        providerUnavailable: true as const,
        reason: "The provider cannot sell this product right now.",
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      "INVALID_RECIPIENT",
      "MISSING_MOBILENUMBER",
      "INVALID_MOBILENUMBER",
      "INVALID_PHONENO",
      "INVALID_SMARTCARDNO",
      "INVALID_METERNO",
      "INVALID_METERNUMBER",
      "INVALID_ACCOUNTNO",
    ].map((status) => [status, { reading: "failed" as const, reason: `The provider refused the recipient (${status}).` }]),
  ),
};

/** A query's answers that mean "no order under this RequestID" (see ClubkonnectProvider.requery). */
export const NOT_FOUND_STATUSES = new Set(["ORDER_NOT_FOUND", "INVALID_REQUESTID", "INVALID_ORDERID", "RECORD_NOT_FOUND"]);

const NEVER_RECEIVED = "The provider never received the order.";
const NEVER_SENT_UNMAPPED = "This product has no Clubkonnect route names; the order was never sent.";

/** Where each kind of order goes, and what it sends besides RequestID. */
interface OrderRequest {
  path: string;
  params: Record<string, string>;
}

export interface ClubkonnectProviderOptions extends ClubkonnectClientOptions {
  /** A RequestID the query does not find settles failed only once at least this old (docs/operating.md "The Clubkonnect provider"). */
  notFoundAfterMs: number;
  /** The PhoneNo a bill payment sends when the order names none. */
  defaultPhone: string | null;
  now?: () => number;
}

export class ClubkonnectProvider implements VendProvider {
  readonly name = "clubkonnect";
  private readonly client: ClubkonnectClient;
  private readonly notFoundAfterMs: number;
  private readonly defaultPhone: string | null;
  private readonly now: () => number;

  constructor(options: ClubkonnectProviderOptions) {
    this.client = new ClubkonnectClient(options);
    this.notFoundAfterMs = options.notFoundAfterMs;
    this.defaultPhone = options.defaultPhone;
    this.now = options.now ?? Date.now;
  }

  async checkOrder(order: OrderCheck): Promise<void> {
    if (!orderRequest(order.service, order.upstream, "", 0n, "", null)) {
      throw new AppError(
        "provider.unavailable",
        "This product cannot be bought right now: the upstream has no name for it. Nothing was charged.",
      );
    }
    if (order.amount !== null && order.amount % 100n !== 0n) {
      throw new AppError("amount.out_of_range", "The amount must be whole naira (a multiple of 100 kobo) for this provider.");
    }
    if (order.renew) {
      const reason = "cannot be `renew` for this product through the provider: pay for the bouquet (`change`)";
      throw new AppError("validation.failed", `subscriptionType: ${reason}`, [{ name: "subscriptionType", reason }]);
    }
    if (needsPhone(order.service) && !order.phone && !this.defaultPhone) {
      const reason = "is required by the provider for this bill payment";
      throw new AppError("validation.failed", `phone: ${reason}`, [{ name: "phone", reason }]);
    }
  }

  async verifyCustomer(request: VerifyRequest): Promise<VerifyOutcome> {
    const names = request.upstream;
    if (!names?.service) return { status: "unavailable", reason: "This product cannot be verified through the provider." };
    const check = verificationOf(request.service, names, request.customerId);
    if (!check) return { status: "valid", customerName: request.customerId, details: {} };
    try {
      const { body } = await this.client.read(check.path, check.params);
      const name = stringField(body.customer_name);
      if (!name) throw new UpstreamFault("unexpected-answer", `${check.path} answered without customer_name`);
      if (/^INVALID_|^Error\b/i.test(name)) return { status: "invalid", reason: "The biller does not know this customer." };
      return { status: "valid", customerName: name, details: {} };
    } catch (error) {
      gaveUp("verify", null, error);
      return { status: "unavailable", reason: "The biller could not be reached." };
    }
  }

  async vend(request: VendRequest): Promise<VendOutcome> {
    const notSent = (reason: string): VendOutcome => ({ status: "failed", providerReference: null, reason, refusal: "product" });
    const requestId = request.upstreamRequestId;
    if (!requestId) return notSent("The transaction has no request id; the order was never sent.");
    if (request.renewal) return notSent("The provider cannot renew a subscription; the order was never sent.");
    if (request.amount % 100n !== 0n && amountDefinesOrder(request.service))
      return notSent("The amount is not whole naira; the order was never sent.");
    const phone = request.phone ?? this.defaultPhone;
    if (needsPhone(request.service) && !phone) return notSent("The provider needs a phone number for this bill; the order was never sent.");
    const order = orderRequest(request.service, request.upstream, requestId, request.amount, request.recipient, phone);
    if (!order) return notSent(NEVER_SENT_UNMAPPED);
    try {
      return interpretOrder(await this.client.order(order.path, order.params), request.service, "vend");
    } catch (error) {
      gaveUp("vend", request.transactionId, error);
      return vendFaultOutcome(error);
    }
  }

  /**
   * What became of an order, by APIQueryV1.asp?RequestID=. Throws when Clubkonnect could not be asked or
   * answered without the order's status (credentials refused, an unknown word): the transaction is then
   * left as it is. A RequestID it does not know settles failed only once it is older than notFoundAfterMs:
   * Clubkonnect does not promise that the id is closed, so an order still on its way could yet arrive.
   */
  async requery(request: VendRequest & { providerReference: string | null }): Promise<VendOutcome> {
    const requestId = request.upstreamRequestId;
    if (!requestId) return { status: "pending", providerReference: request.providerReference };
    let answer: ClubkonnectAnswer;
    try {
      answer = await this.client.read("APIQueryV1.asp", { RequestID: requestId });
    } catch (error) {
      gaveUp("requery", request.transactionId, error);
      throw error;
    }
    const status = statusOf(answer);
    if (status !== null && NOT_FOUND_STATUSES.has(status)) {
      const age = requestIdAgeMs(requestId, this.now());
      if (age !== null && age >= this.notFoundAfterMs) return { status: "failed", providerReference: null, reason: NEVER_RECEIVED };
      return { status: "pending", providerReference: request.providerReference };
    }
    // Only an order's own status answers a query: anything else describes the query, not the order.
    if (status === null || !status.startsWith("ORDER_") || !CLUBKONNECT_STATUSES[status]) {
      const fault = new UpstreamFault("unexpected-answer", `query answered ${status ?? "without a status"}`);
      gaveUp("requery", request.transactionId, fault);
      throw fault;
    }
    const outcome = interpretOrder(answer, request.service, "requery");
    return outcome.status === "pending" && outcome.providerReference === null
      ? { ...outcome, providerReference: request.providerReference }
      : outcome;
  }

  /** APIWalletBalanceV1.asp: our wallet at Clubkonnect, in naira as they give it. */
  async balance(): Promise<number | null> {
    const { body } = await this.client.read("APIWalletBalanceV1.asp");
    const balance = Number(body.balance);
    return typeof body.balance !== "undefined" && Number.isFinite(balance) ? balance : null;
  }
}

function amountDefinesOrder(service: ServiceCode): boolean {
  return service === "AIRTIME" || service === "ELECTRICITY";
}

/** Bill payments send a PhoneNo (the customer's, else CLUBKONNECT_DEFAULT_PHONE); Smile and Spectranet do not. */
function needsPhone(service: ServiceCode): boolean {
  return service === "CABLE_TV" || service === "ELECTRICITY" || service === "EDUCATION";
}

/** The order's path and parameters (RequestID included), or null when the route gives no names for it. */
function orderRequest(
  service: ServiceCode,
  names: UpstreamNames | null | undefined,
  requestId: string,
  amount: bigint,
  recipient: string,
  phone: string | null,
): OrderRequest | null {
  if (!names?.service) return null;
  const naira = (amount / 100n).toString();
  const withPhone = (params: Record<string, string>) => (phone ? { ...params, PhoneNo: phone } : params);
  switch (service) {
    case "AIRTIME":
      return {
        path: "APIAirtimeV1.asp",
        params: { MobileNetwork: names.service, Amount: naira, MobileNumber: recipient, RequestID: requestId },
      };
    case "DATA":
      return names.code
        ? {
            path: "APIDatabundleV1.asp",
            params: { MobileNetwork: names.service, DataPlan: names.code, MobileNumber: recipient, RequestID: requestId },
          }
        : null;
    case "CABLE_TV":
      return names.code
        ? {
            path: "APICableTVV1.asp",
            params: withPhone({ CableTV: names.service, Package: names.code, SmartCardNo: recipient, RequestID: requestId }),
          }
        : null;
    case "ELECTRICITY":
      return names.code
        ? {
            path: "APIElectricityV1.asp",
            params: withPhone({
              ElectricCompany: names.service,
              MeterType: names.code,
              MeterNo: recipient,
              Amount: naira,
              RequestID: requestId,
            }),
          }
        : null;
    case "EDUCATION":
      if (!names.code) return null;
      return names.service === "jamb"
        ? { path: "APIJAMBV1.asp", params: withPhone({ ExamType: names.code, ProfileID: recipient, RequestID: requestId }) }
        : { path: "APIWAECV1.asp", params: withPhone({ ExamType: names.code, RequestID: requestId }) };
    case "BROADBAND":
      return names.code
        ? {
            path: names.service === "spectranet" ? "APISpectranetV1.asp" : "APISmileV1.asp",
            params: { MobileNetwork: names.service, DataPlan: names.code, MobileNumber: recipient, RequestID: requestId },
          }
        : null;
  }
}

/** Where a customer id is checked, or null for products Clubkonnect has no verification for (WAEC, Spectranet). */
function verificationOf(service: ServiceCode, names: UpstreamNames, customerId: string): OrderRequest | null {
  const company = names.service ?? "";
  switch (service) {
    case "CABLE_TV":
      return { path: "APIVerifyCableTVV1.0.asp", params: { CableTV: company, SmartCardNo: customerId } };
    case "ELECTRICITY":
      return { path: "APIVerifyElectricityV1.asp", params: { ElectricCompany: company, MeterNo: customerId, MeterType: names.code ?? "" } };
    case "BROADBAND":
      return company === "spectranet"
        ? null
        : { path: "APIVerifySmileV1.asp", params: { MobileNetwork: company, MobileNumber: customerId } };
    case "EDUCATION":
      return company === "jamb" ? { path: "APIVerifyJAMBV1.asp", params: { ExamType: names.code ?? "", ProfileID: customerId } } : null;
    default:
      return null;
  }
}

function statusOf(answer: ClubkonnectAnswer): string | null {
  const status = stringField(answer.body.status ?? answer.body.orderstatus);
  return status === null ? null : status.toUpperCase();
}

/** What an order's answer (a purchase's, or a query's) says of the order. Throws UpstreamFault for an answer that says nothing. */
export function interpretOrder(answer: ClubkonnectAnswer, service: ServiceCode, operation: "vend" | "requery"): VendOutcome {
  const status = statusOf(answer);
  const known = status === null ? undefined : CLUBKONNECT_STATUSES[status];
  const providerReference = stringField(answer.body.orderid);
  if (!known) {
    // No status, or a word not in the table (a question about our RequestID among them): ambiguous.
    throw new UpstreamFault("unexpected-answer", `${operation} answered ${status ?? "without a status"}`);
  }
  switch (known.reading) {
    case "delivered":
      if (!providerReference) throw new UpstreamFault("unexpected-answer", "completed without an orderid");
      return { status: "successful", providerReference, ...deliveredOf(answer.body, service) };
    case "pending":
      return { status: "pending", providerReference };
    case "failed":
      return { status: "failed", providerReference, reason: known.reason };
    case "refused":
      log("warn", `clubkonnect ${operation} refused with ${status}`, { operation, status });
      return {
        status: "failed",
        providerReference,
        reason: known.reason,
        ...(known.refusal ? { refusal: known.refusal } : {}),
        ...(known.providerUnavailable ? { providerUnavailable: true } : {}),
        ...(known.operatorAlert ? { operatorAlert: { code: status!, problem: known.operatorAlert } } : {}),
      };
  }
}

/** What a completed order handed over: an electricity token (metertoken), or the cards of a PIN (carddetails). */
function deliveredOf(body: Record<string, unknown>, service: ServiceCode): Required<Delivered> {
  if (service === "ELECTRICITY")
    return { token: unlabelled(body.metertoken), pins: null, units: stringField(body.units), bonusToken: null };
  if (service === "EDUCATION" || service === "BROADBAND") {
    const details = typeof body.carddetails === "string" ? body.carddetails.slice(0, 20_000) : "";
    const pins = pinsInPurchasedCode(details);
    return { token: pins?.[0]?.pin ?? null, pins, units: null, bonusToken: null };
  }
  return { token: null, pins: null, units: null, bonusToken: null };
}

/** The provider as the environment configures it; throws (before any money moves) when a credential is missing. */
export function clubkonnectProviderFromEnv(
  config: Pick<
    Env,
    | "CLUBKONNECT_BASE_URL"
    | "CLUBKONNECT_USER_ID"
    | "CLUBKONNECT_API_KEY"
    | "CLUBKONNECT_TIMEOUT_MS"
    | "CLUBKONNECT_QUERY_TIMEOUT_MS"
    | "CLUBKONNECT_RETRIES"
    | "CLUBKONNECT_RETRY_DELAY_MS"
    | "CLUBKONNECT_NOT_FOUND_AFTER_MS"
    | "CLUBKONNECT_DEFAULT_PHONE"
  >,
): ClubkonnectProvider {
  const { CLUBKONNECT_USER_ID: userId, CLUBKONNECT_API_KEY: apiKey } = config;
  if (!userId || !apiKey) {
    const missing = [userId ? null : "CLUBKONNECT_USER_ID", apiKey ? null : "CLUBKONNECT_API_KEY"];
    throw new Error(`The clubkonnect provider needs ${missing.filter((entry) => entry !== null).join(" and ")}.`);
  }
  return new ClubkonnectProvider({
    baseUrl: config.CLUBKONNECT_BASE_URL,
    userId,
    apiKey,
    vendTimeoutMs: config.CLUBKONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.CLUBKONNECT_QUERY_TIMEOUT_MS,
    retries: config.CLUBKONNECT_RETRIES,
    retryDelayMs: config.CLUBKONNECT_RETRY_DELAY_MS,
    notFoundAfterMs: config.CLUBKONNECT_NOT_FOUND_AFTER_MS,
    defaultPhone: config.CLUBKONNECT_DEFAULT_PHONE ?? null,
  });
}
