/**
 * Request bodies of the purchase endpoints (DESIGN.md §3.2), shared by REST validation, the portal's
 * forms and tRPC inputs, and the OpenAPI document. Browser-safe: zod only.
 *
 * Unknown fields are stripped, not refused: that is how `ported` (removed from the contract) is
 * "accepted and ignored", and how old clients keep working as fields come and go.
 */
import { z } from "zod";

/** The largest single purchase, in kobo (₦10 million): far above any product, far below 2^53. */
export const MAX_PURCHASE_KOBO = 1_000_000_000;

export const clientReference = z
  .string("must be a string")
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .regex(/^[A-Za-z0-9._:-]+$/, "may contain only letters, digits and . _ : -");

/**
 * A Nigerian mobile number, local (08031234567) or international (+2348031234567 / 2348031234567).
 * Normalised to the 11-digit local form, so one recipient is one recipient for idempotency.
 */
export const phone = z
  .string("must be a string")
  .trim()
  .regex(/^(?:\+?234|0)[789][01]\d{8}$/, "must be a Nigerian mobile number such as 08031234567")
  .transform((value) => `0${value.slice(-10)}`);

export const kobo = z
  .int("must be a whole number of kobo")
  .positive("must be a positive number of kobo")
  .max(MAX_PURCHASE_KOBO, `must be at most ${MAX_PURCHASE_KOBO} kobo`);

const id = z.string("must be a string").min(1, "must not be empty").max(64, "must be at most 64 characters");

/** Smartcard, meter, candidate or account numbers: digits and letters, as billers issue them. */
export const customerId = z
  .string("must be a string")
  .trim()
  .regex(/^[A-Za-z0-9-]{4,30}$/, "must be 4 to 30 letters, digits or dashes");

export const purchaseDataInput = z.object({ clientReference, planId: id, phone });
export type PurchaseDataInput = z.infer<typeof purchaseDataInput>;

export const purchaseAirtimeInput = z.object({ clientReference, networkId: id, phone, amount: kobo });
export type PurchaseAirtimeInput = z.infer<typeof purchaseAirtimeInput>;

export const verifyCustomerInput = z.object({ planId: id, customerId });
export type VerifyCustomerInput = z.infer<typeof verifyCustomerInput>;

export const payBillInput = z.object({
  clientReference,
  planId: id,
  customerId,
  /** Required for variable-amount products (electricity), refused for fixed-price ones. */
  amount: kobo.optional(),
  /** Where the biller texts the token or receipt, when it does. */
  phone: phone.optional(),
});
export type PayBillInput = z.infer<typeof payBillInput>;

const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()], "must be an ISO 8601 date or date-time");

export const listTransactionsQuery = z.object({
  from: instant.optional(),
  to: instant.optional(),
  limit: z.coerce.number("must be a number").int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(50),
  cursor: z.string().max(200).optional(),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuery>;
