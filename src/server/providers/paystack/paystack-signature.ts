/**
 * Paystack signs every webhook: `x-paystack-signature` is the hex HMAC-SHA512 of the raw request body,
 * keyed with the secret key (https://paystack.com/docs/payments/webhooks/). Checked on the bytes as
 * they arrived, before anything is parsed, and compared in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

export function paystackSignature(rawBody: Uint8Array | string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/** Whether `signature` is the body's signature; any other length or a missing header is simply false. */
export function hasValidPaystackSignature(rawBody: Uint8Array, signature: string | null, secretKey: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}
