/**
 * Batches (DESIGN.md §7.1, docs/integrating.md "Batches"): many purchases in one request, each order exactly the
 * body of a single data, airtime or bill purchase with a `kind` (and a bill's `service`). One set of schemas
 * for the REST API, the portal's CSV upload and the OpenAPI document. Browser-safe: zod only.
 */
import { z } from "zod";
import { livemodeField, transaction } from "./api";
import { payBillInput, purchaseAirtimeInput, purchaseDataInput } from "./purchases";
import { BILL_SERVICE_PATHS, type BillServicePath } from "./services";

/** The most orders one batch may hold. */
export const MAX_BATCH_ORDERS = 5_000;

/** A batch's JSON body is far larger than a purchase's: 5,000 bill orders of a few hundred bytes each. */
export const MAX_BATCH_BODY_BYTES = 4 * 1024 * 1024;

export const batchReference = z
  .string("must be a string")
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .regex(/^[A-Za-z0-9._:-]+$/, "may contain only letters, digits and . _ : -")
  .meta({
    description:
      "Your own reference for this batch, unique per account: posting the same batch again with it returns the batch already accepted, never a second one.",
    example: "staff-topup-2026-11",
  });

export const BATCH_ORDER_KINDS = ["data", "airtime", "bill"] as const;
export type BatchOrderKind = (typeof BATCH_ORDER_KINDS)[number];

const billServicePath = z.enum(Object.keys(BILL_SERVICE_PATHS) as [BillServicePath, ...BillServicePath[]], {
  error: "must be cable-tv, electricity, education or broadband",
});

export const batchDataOrder = purchaseDataInput
  .extend({ kind: z.literal("data") })
  .meta({ id: "BatchDataOrder", description: 'A data purchase: the body of POST /api/v1/data, with `kind: "data"`.' });
export const batchAirtimeOrder = purchaseAirtimeInput
  .extend({ kind: z.literal("airtime") })
  .meta({ id: "BatchAirtimeOrder", description: 'An airtime purchase: the body of POST /api/v1/airtime, with `kind: "airtime"`.' });
export const batchBillOrder = payBillInput
  .extend({
    kind: z.literal("bill"),
    service: billServicePath.meta({ description: "The bill service, as in POST /api/v1/bills/{service}/pay.", example: "electricity" }),
  })
  .meta({
    id: "BatchBillOrder",
    description: 'A bill payment: the body of POST /api/v1/bills/{service}/pay, with `kind: "bill"` and its `service`.',
  });

export const batchOrder = z
  .discriminatedUnion("kind", [batchDataOrder, batchAirtimeOrder, batchBillOrder], {
    error: (issue) =>
      issue.input === null || typeof issue.input !== "object" ? "must be an order object" : "must be data, airtime or bill",
  })
  .meta({
    // Each member names its `kind` as a constant, which says all a `discriminator` would; the compatibility
    // guard (compatibility/contract.ts) reads the members, not that keyword.
    override: ({ jsonSchema }: { jsonSchema: { discriminator?: unknown } }) => {
      delete jsonSchema.discriminator;
    },
  });
export type BatchOrder = z.infer<typeof batchOrder>;

export const createBatchInput = z.object({
  batchReference,
  orders: z
    .array(batchOrder, "must be a list of orders")
    .min(1, "must hold at least one order")
    .max(MAX_BATCH_ORDERS, `must hold at most ${MAX_BATCH_ORDERS} orders`)
    .meta({ description: `Up to ${MAX_BATCH_ORDERS} orders, each with its own \`clientReference\`, bought in this order.` }),
});
export type CreateBatchInput = z.input<typeof createBatchInput>;

export const batchReferenceParams = z.object({
  batchReference: z.string().max(200).meta({ description: "The batch's `batchReference`.", example: "staff-topup-2026-11" }),
});

export const listBatchTransactionsQuery = z.object({
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(500, "must be at most 500")
    .default(100)
    .meta({ description: "Orders per page." }),
  cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page." }),
});
export type ListBatchTransactionsQuery = z.infer<typeof listBatchTransactionsQuery>;

// ----- Responses ---------------------------------------------------------------------------------------

const count = (description: string, example: number) => z.int().nonnegative().meta({ description, example });
const kobo = (description: string, example: number) => z.int().nonnegative().meta({ description, example });

export const batchStatus = z.enum(["accepted", "running", "completed"]).meta({
  id: "BatchStatus",
  description:
    "`accepted`: no order started yet. `running`: its orders are being bought, or some wait for the provider. `completed`: every order is settled (successful, or failed and never charged or refunded); `batch.completed` is sent then.",
});

export const batch = z
  .object({
    id: z.uuid().meta({ description: "Our id of the batch." }),
    batchReference: z.string().meta({ example: "staff-topup-2026-11" }),
    status: batchStatus,
    counts: z
      .object({
        total: count("Orders in the batch.", 1000),
        pending: count("Orders not yet bought, or bought and waiting for the provider.", 0),
        successful: count("Orders whose purchase is successful.", 997),
        failed: count("Orders that failed: refunded, or refused without a charge (see each order's `error`).", 3),
      })
      .meta({ id: "BatchCounts" }),
    amount: kobo(
      "What the batch's orders cost at your prices when it was accepted, kobo: the total the balance had to cover. Orders whose `clientReference` was already in use count nothing (they are replays or conflicts, never charged again).",
      28_000_000,
    ),
    spent: kobo("What the batch's purchases have charged so far and keep charged (successful and pending ones), kobo.", 27_916_000),
    stoppedReason: z.string().nullable().meta({
      description:
        "Why the batch stopped buying before its last order: `wallet.insufficient_funds` when the wallet no longer covered an order (every order not yet started then failed with that error, uncharged), `unauthorized` when the key or user that made it was revoked or disabled; null otherwise.",
      example: null,
    }),
    createdAt: z.iso.datetime().meta({ example: "2026-11-27T09:30:00.000Z" }),
    completedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When its last order settled; null until then.", example: "2026-11-27T09:31:40.250Z" }),
    livemode: livemodeField("batch"),
    idempotentReplay: z
      .literal(true)
      .optional()
      .meta({ description: "Present, and true, only when the same batch was posted again with its `batchReference`." }),
  })
  .meta({ id: "Batch", description: "A batch of purchases and where its orders stand." });

export const batchOrderError = z
  .object({
    name: z.string().meta({ description: "The error name a single purchase would have been answered with.", example: "customer.invalid" }),
    reason: z.string().meta({ example: "Customer 4501239999 was not found at Ikeja Electric." }),
  })
  .meta({ id: "BatchOrderError", description: "Why an order was refused without a charge." });

export const batchTransaction = z
  .object({
    position: z.int().nonnegative().meta({ description: "The order's index in the batch's `orders` (from 0).", example: 17 }),
    kind: z.enum(BATCH_ORDER_KINDS),
    clientReference: z.string().meta({ example: "staff-0018" }),
    status: z.enum(["pending", "successful", "failed"]).meta({
      description:
        "The order's: its transaction's status once bought; `failed` also when it was refused without a charge (`error`); `pending` until then.",
    }),
    error: batchOrderError.nullable().meta({
      description:
        "Why the order was refused without a charge, as a single purchase would have been answered (`wallet.insufficient_funds`, `transaction.idempotency_conflict`, `customer.invalid`, ...); null otherwise.",
    }),
    transaction: transaction.nullable().meta({
      description:
        "The order's transaction, as GET /api/v1/transactions/{clientReference} returns it (a replay's is the one stored before); null until it is bought, and for an order refused without a charge.",
    }),
  })
  .meta({ id: "BatchTransaction", description: "One order of a batch and its transaction." });

export const batchTransactionList = z
  .object({
    data: z.array(batchTransaction),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "BatchTransactionList" });

// ----- The portal's CSV upload -------------------------------------------------------------------------

/**
 * The columns of the portal's CSV, one template per kind (docs/integrating.md "Batches"): the single purchase's
 * fields by their API names, except amounts, which people write in naira. `clientReference` may be left
 * empty: the row is then given `<batchReference>-<row>`, so confirming the same upload twice is still one batch.
 */
export const BATCH_CSV_COLUMNS = {
  data: ["clientReference", "planId", "phone"],
  airtime: ["clientReference", "networkId", "phone", "amountNaira"],
  bill: ["clientReference", "service", "planId", "customerId", "amountNaira", "phone", "subscriptionType"],
} as const satisfies Record<BatchOrderKind, readonly string[]>;

/** Two example rows per kind, for the template (sandbox test recipients that succeed). */
export const BATCH_CSV_EXAMPLES: Record<BatchOrderKind, readonly (readonly string[])[]> = {
  data: [
    ["", "mtn-1gb-30d", "08031234567"],
    ["", "glo-1gb-30d", "08051234567"],
  ],
  airtime: [
    ["", "mtn", "08031234567", "500"],
    ["", "airtel", "08021234567", "1000.50"],
  ],
  bill: [
    ["", "electricity", "ikeja-electric-prepaid", "45012345678", "5000", "08031234567", ""],
    ["", "cable-tv", "dstv-padi", "7012345678", "", "", ""],
  ],
};

export const batchCsvKind = z.enum(BATCH_ORDER_KINDS, "must be data, airtime or bill");

/** The largest CSV the portal takes: 5,000 bill rows with room to spare. */
export const MAX_BATCH_CSV_BYTES = 2 * 1024 * 1024;

/** What the portal's upload sends: the kind of its template, the reference, and the file's text. */
export const batchCsvUpload = z.object({
  kind: batchCsvKind,
  batchReference,
  csv: z.string("must be the file's text").max(MAX_BATCH_CSV_BYTES, `must be at most ${MAX_BATCH_CSV_BYTES / 1024 / 1024} MiB`),
});
export type BatchCsvUpload = z.infer<typeof batchCsvUpload>;
