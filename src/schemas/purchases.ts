/**
 * Request bodies of the purchase endpoints (DESIGN.md §3.2), shared by REST validation, the portal's
 * forms and tRPC inputs, and the OpenAPI document. Browser-safe: zod only.
 *
 * Unknown fields are stripped, not refused: that is how `ported` (removed from the contract) is
 * "accepted and ignored", and how old clients keep working as fields come and go.
 */
import { z } from "zod";
import { isStorableInstant, STORABLE_RANGE_MESSAGE } from "./fields";

/** The largest single purchase, in kobo (₦10 million): far above any product, far below 2^53. */
export const MAX_PURCHASE_KOBO = 1_000_000_000;

export const clientReference = z
  .string("must be a string")
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .regex(/^[A-Za-z0-9._:-]+$/, "may contain only letters, digits and . _ : -")
  .meta({
    description:
      "Your own reference for this purchase, unique per account across all kinds of purchase: a retry with the same reference is never charged twice.",
    example: "order-10001",
  });

/**
 * What people type between a number's digit groups: spaces (a non-breaking one from a copied contact
 * too), hyphens, dots and brackets, as in "0803 123 4567", "0803-123-4567", "+234 (0) 803 123 4567".
 */
const PHONE_SEPARATORS = /[\s\u00a0\-.()]/g;
/** A Nigerian mobile number's network digits, the two after its local form's 0 (070…, 080…, 081…, 090…, 091…). */
export const MOBILE_NETWORK_DIGITS = "[789][01]";
const NIGERIAN_MOBILE = new RegExp(`^(?:(?:\\+|00)?234(?:0)?|0)${MOBILE_NETWORK_DIGITS}\\d{8}$`);

/** A phone number as people write it, with its separators taken out ("+234 803 123 4567" → "+2348031234567"). */
export function phoneDigits(text: string): string {
  return text.trim().replace(PHONE_SEPARATORS, "");
}

/**
 * A Nigerian mobile number, local (08031234567) or international (+2348031234567, 2348031234567,
 * 002348031234567, with or without the trunk 0 after 234), with or without separators between the
 * digit groups (docs/decisions/012-phone-numbers.md). Normalised to the 11-digit local form, so one
 * recipient is one recipient for idempotency. The document states no pattern: the formats are in the
 * description, and a client's own check must not be narrower than this one.
 */
export const phone = z
  .string("must be a string")
  .transform(phoneDigits)
  .pipe(z.string().regex(NIGERIAN_MOBILE, "must be a Nigerian mobile number such as 08031234567"))
  .transform((value) => `0${value.slice(-10)}`)
  .meta({
    description:
      "A Nigerian mobile number: 08031234567, 2348031234567, +2348031234567 or 002348031234567 (with or without the 0 after 234), " +
      'with or without spaces, hyphens, dots or brackets between the digits ("0803 123 4567", "+234 (0) 803-123-4567"). ' +
      "Stored and returned as the 11-digit local form, 08031234567.",
    example: "08031234567",
  });

export const kobo = z
  .int("must be a whole number of kobo")
  .positive("must be a positive number of kobo")
  .max(MAX_PURCHASE_KOBO, `must be at most ${MAX_PURCHASE_KOBO} kobo`)
  .meta({ description: "An amount in kobo (100 kobo = ₦1).", example: 50_000 });

/** Catalog ids (plans, products, networks) are slugs; anything else cannot name one. */
export const catalogId = z
  .string("must be a string")
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9._-]+$/, "must be an id from the catalog (letters, digits, . _ -)");
const id = catalogId;

/** Smartcard, meter, candidate or account numbers: digits and letters, as billers issue them. */
export const customerId = z
  .string("must be a string")
  .trim()
  .regex(/^[A-Za-z0-9-]{4,30}$/, "must be 4 to 30 letters, digits or dashes")
  .meta({ description: "The smartcard, meter, candidate or account number.", example: "45012345678" });

export const purchaseDataInput = z.object({
  clientReference,
  planId: id.meta({ description: "A data plan (GET /api/v1/plans).", example: "mtn-1gb-30d" }),
  phone,
});
export type PurchaseDataInput = z.infer<typeof purchaseDataInput>;

export const purchaseAirtimeInput = z.object({
  clientReference,
  networkId: id.meta({ description: "A network (GET /api/v1/networks).", example: "mtn" }),
  phone,
  amount: kobo,
});
export type PurchaseAirtimeInput = z.infer<typeof purchaseAirtimeInput>;

const billPlanId = id.meta({
  description: "A product of this bill service (GET /api/v1/bills/{service}/products).",
  example: "ikeja-electric-prepaid",
});

export const verifyCustomerInput = z.object({ planId: billPlanId, customerId });
export type VerifyCustomerInput = z.infer<typeof verifyCustomerInput>;

export const subscriptionType = z.enum(["change", "renew"], "must be change or renew").meta({
  description:
    "Cable TV only. `change` (the default): pay for the bouquet `planId`, a new or changed subscription. `renew`: renew the customer's current subscription as the biller has it; `planId` must then be the product verification names in `renewal.planId`, whose price is charged.",
  example: "renew",
});

export const payBillInput = z.object({
  clientReference,
  planId: billPlanId,
  customerId,
  subscriptionType: subscriptionType.optional(),
  amount: kobo.optional().meta({
    description: "Kobo. Required for variable-amount products (electricity), refused for fixed-price ones.",
    example: 500_000,
  }),
  phone: phone.optional().meta({
    description:
      "The customer's phone: where the biller texts the token, PIN or receipt, when it does. Required by some providers for PINs bought without a customer id of the biller's (WAEC result checker and registration through VTpass, which tells such orders apart by the phone): without it, a 400 on `phone`, nothing charged.",
  }),
});
export type PayBillInput = z.infer<typeof payBillInput>;

/** A list's bound: an ISO 8601 date-time, or a date alone (midnight in Africa/Lagos; the service decides). */
export const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], "must be an ISO 8601 date or date-time")
  .refine(isStorableInstant, STORABLE_RANGE_MESSAGE);

export const listTransactionsQuery = z.object({
  from: instant
    .optional()
    .meta({ description: "Created at or after (inclusive); a date alone means midnight in Africa/Lagos.", example: "2026-06-01" }),
  to: instant
    .optional()
    .meta({ description: "Created before (exclusive); a date alone means midnight in Africa/Lagos.", example: "2026-07-01" }),
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(50)
    .meta({ description: "Transactions per page." }),
  cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page." }),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuery>;
