/**
 * The boundary to the upstream that actually vends products. The purchase flow talks only to this
 * interface; the sandbox (the embedded default) and the HTTP adapter implement it.
 *
 * Contract for implementers:
 *  - vend() is called at most once per transaction. It must never be retried blindly: when the
 *    outcome is unknown (time-out, connection lost, garbled answer) it returns `pending`, and the
 *    reconciler asks requery() later.
 *  - requery() is safe to repeat; it reports what the upstream knows about that transaction.
 *  - verifyCustomer() is safe to repeat.
 *  - None of them throws for an upstream fault: faults are outcomes (`pending`, or for verify
 *    `unavailable`). A throw is treated like `pending` by the caller anyway.
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
}

export type VendOutcome =
  | { status: "successful"; providerReference: string; token: string | null }
  | { status: "failed"; providerReference: string | null; reason: string }
  | { status: "pending"; providerReference: string | null };

export interface VerifyRequest {
  service: ServiceCode;
  productCode: string;
  customerId: string;
}

export type VerifyOutcome =
  | { status: "valid"; customerName: string; details: Record<string, string> }
  | { status: "invalid"; reason: string }
  | { status: "unavailable"; reason: string };

export interface VendProvider {
  readonly name: string;
  verifyCustomer(request: VerifyRequest): Promise<VerifyOutcome>;
  vend(request: VendRequest): Promise<VendOutcome>;
  /** What became of an earlier vend; `pending` while the upstream still cannot say. */
  requery(request: VendRequest & { providerReference: string | null }): Promise<VendOutcome>;
}
