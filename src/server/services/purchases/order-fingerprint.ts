/**
 * What makes two requests with one clientReference "the same order" (DESIGN.md §3.3.3): the kind of
 * purchase, the plan or product (for airtime the network), the recipient, the amount where it
 * defines the order (airtime, variable-amount bills), and for cable TV whether it renews. Prices are not part of it: a fixed-price plan
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
  /** A renewal of the current subscription rather than a purchase of the product (cable TV). */
  renew?: boolean;
}

export function orderFingerprint(order: OrderFields): string {
  const fields: unknown[] = [order.service, order.productCode, order.recipient, order.amount?.toString() ?? null];
  // Only a renewal adds to the fields, so every order made before renewals existed keeps its fingerprint.
  if (order.renew) fields.push("renew");
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}
