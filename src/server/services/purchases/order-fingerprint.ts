/**
 * What makes two requests with one clientReference "the same order" (DESIGN.md §3.3.3): the kind of
 * purchase, the plan or product (for airtime the network), the recipient, and the amount where it
 * defines the order (airtime, variable-amount bills). Prices are not part of it: a fixed-price plan
 * repriced between a request and its retry is still the same order.
 */
import { createHash } from "node:crypto";
import type { ServiceCode } from "~/schemas/services";

export interface OrderFields {
  service: ServiceCode;
  productCode: string;
  recipient: string;
  /** Only when the customer chose it. */
  amount: bigint | null;
}

export function orderFingerprint(order: OrderFields): string {
  const canonical = JSON.stringify([order.service, order.productCode, order.recipient, order.amount?.toString() ?? null]);
  return createHash("sha256").update(canonical).digest("hex");
}
