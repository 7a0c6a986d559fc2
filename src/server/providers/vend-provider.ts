/**
 * The boundary to the upstream that actually vends products. The purchase flow talks only to this
 * interface; the sandbox (the embedded default) and the HTTP adapter implement it.
 *
 * Contract for implementers:
 *  - vend() is called at most once per transaction. It must never be retried blindly: when the
 *    outcome is unknown (time-out, connection lost, garbled answer) it returns `pending`, and the
 *    reconciler asks requery() later.
 *  - requery() is safe to repeat; it reports what the upstream knows about that transaction:
 *    `pending` only when the upstream answered that it cannot say yet. It may throw when the upstream
 *    could not be asked (VTpass does): the transaction is then left as it is, the reconciler asks again,
 *    and a VTpass callback that needed the answer is refused so that it is sent again.
 *  - verifyCustomer() is safe to repeat.
 *  - vend() and verifyCustomer() never throw for an upstream fault: faults are outcomes (`pending`, or
 *    for verify `unavailable`). A throw is treated like `pending` by the caller anyway.
 *  - A `failed` vend carries `refusal` only when the upstream refused the order before executing anything,
 *    for a reason of the route rather than of the order: then, and only then, the purchase may be tried on
 *    its next route (docs/operating.md "Routes and failover"). Anything ambiguous stays `pending`.
 */
import type { ServiceCode } from "~/schemas/services";

export interface VendRequest {
  /** Our transaction id: the upstream's idempotency key, and what requery() looks up. */
  transactionId: string;
  service: ServiceCode;
  /** The data plan or bill product id; for airtime, the network id. */
  productCode: string;
  /** Phone number (data, airtime) or customer id (bills). */
  recipient: string;
  amount: bigint;
  /** Optional notification phone for bills. */
  phone?: string | null;
  /**
   * The id the upstream knows this purchase by (VTpass's request_id), given by the database when the
   * transaction was inserted and the same for every requery; null only for transactions begun before it existed.
   */
  upstreamRequestId?: string | null;
  /**
   * Cable TV: renew the customer's current subscription (docs/integrating.md "Renewing a subscription") at the amount
   * the biller's verification stated, kobo, rather than buy the bouquet `productCode` names.
   */
  renewal?: { amount: bigint } | null;
  /**
   * The route's names for the product at this upstream (VTpass serviceID and variation_code, Clubkonnect's
   * network and plan codes); absent or null when the product has no routes and the catalog's names apply.
   */
  upstream?: UpstreamNames | null;
}

/** An upstream's own names for one of our products, as a route gives them (docs/operating.md "Routes and failover"). */
export interface UpstreamNames {
  service: string | null;
  code: string | null;
}

/** What a purchase asks of the provider before any money moves (see VendProvider.checkOrder). */
export interface OrderCheck {
  service: ServiceCode;
  productCode: string;
  /** The amount when it defines the order (airtime, variable bills), else null. */
  amount: bigint | null;
  phone: string | null;
  /** A renewal of the customer's current subscription (cable TV), not a purchase of the product. */
  renew?: boolean;
  /** The route's names for the product at this upstream; absent: the catalog's. */
  upstream?: UpstreamNames | null;
}

/** One voucher or card sold: the serial number printed beside its PIN, when it has one, and the PIN. */
export interface DeliveredPin {
  serial: string | null;
  pin: string;
}

/**
 * What the customer needs to use a purchase besides the purchase itself (docs/integrating.md "What was delivered"):
 * `token` is the electricity token, or the first PIN; `pins` every voucher or card sold (exam PINs,
 * broadband PINs); `units` and `bonusToken` what a disco states with a token. Absent or null for
 * products credited to the recipient directly (data, airtime, cable TV).
 */
export interface Delivered {
  token: string | null;
  pins?: DeliveredPin[] | null;
  units?: string | null;
  bonusToken?: string | null;
}

/**
 * Why an upstream refused an order before executing any of it, when the cause is the route's rather than the
 * order's (docs/operating.md "Routes and failover"): the purchase may go on to its next route.
 *  - product: this upstream does not sell the product now, or refused our request's arguments for it;
 *  - account: our account there (credentials refused, account locked or suspended, our request ids refused);
 *  - balance: our wallet there cannot pay for it;
 *  - unreachable: no connection could be made, so the request never left.
 */
export type RefusalKind = "product" | "account" | "balance" | "unreachable";

export type VendOutcome =
  | ({ status: "successful"; providerReference: string } & Delivered)
  | {
      status: "failed";
      providerReference: string | null;
      reason: string;
      /** Refused before anything was executed, for a reason of the route: see RefusalKind. Absent: the order itself failed. */
      refusal?: RefusalKind;
      /**
       * The upstream refused the order for a reason of its own that passes (its wallet at the upstream is
       * low, the biller unreachable): the purchase is refunded and answered 503 provider.unavailable.
       */
      providerUnavailable?: boolean;
      /** The refusal is ours to mend (refused credentials): the operator is alerted (raiseUpstreamAlert). */
      operatorAlert?: { code: string; problem: string };
    }
  | {
      status: "pending";
      providerReference: string | null;
      /** No answer said anything (a time-out, a 5xx, a garbled body): counts against the upstream's health. */
      unanswered?: true;
    };

export interface VerifyRequest {
  service: ServiceCode;
  productCode: string;
  customerId: string;
  /** The route's names for the product at this upstream; absent: the catalog's. */
  upstream?: UpstreamNames | null;
}

export type VerifyOutcome =
  | {
      status: "valid";
      customerName: string;
      details: Record<string, string>;
      /** Cable TV: what renewing the customer's current subscription costs at the biller, kobo, and its bouquet. */
      renewal?: { amount: bigint; currentBouquet: string | null } | null;
    }
  | { status: "invalid"; reason: string }
  | { status: "unavailable"; reason: string };

/**
 * How long, and from when, a delivered purchase is watched for a reversal (docs/operating.md "The VTpass provider",
 * "Reversals whose callback never comes").
 */
export interface ReversalWatch {
  /** After delivery, when first to ask; later checks come at doubling ages. */
  firstCheckMs: number;
  /** How long after delivery to keep asking; the last check falls at its end. */
  windowMs: number;
}

export interface VendProvider {
  readonly name: string;
  /**
   * Set when the upstream can reverse an order after delivering it and its requery says so (VTpass): each
   * delivered purchase is then asked about again within the window, by the reversal sweep.
   */
  readonly reversalWatch?: ReversalWatch | null;
  verifyCustomer(request: VerifyRequest): Promise<VerifyOutcome>;
  vend(request: VendRequest): Promise<VendOutcome>;
  /**
   * Optional: refuses, before any money moves, an order this provider can never send (a product it has
   * no name for, an amount it cannot express), by throwing an AppError. Absent: every order is sendable.
   */
  checkOrder?(order: OrderCheck): Promise<void>;
  /** What became of an earlier vend; `pending` while the upstream still cannot say; may throw when it cannot be asked. */
  requery(request: VendRequest & { providerReference: string | null }): Promise<VendOutcome>;
  /** Optional: our wallet at the upstream, in naira as it states it; null when its answer carries none; throws when it cannot be asked. */
  balance?(): Promise<number | null>;
}
