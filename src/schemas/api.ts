/**
 * Response bodies of the public REST API (DESIGN.md §3.2, §3.4): the OpenAPI document's named
 * components, and what tests parse responses with. Browser-safe: zod only.
 *
 * Money is an integer number of kobo on the wire. Clients must tolerate new fields, so these are
 * plain (stripping) objects and the document does not forbid additional properties.
 */
import { z } from "zod";
import { API_SERVICE_NAMES } from "./services";

/** The request id the reference's examples show (the X-Request-Id header's, and a problem's `requestId`). */
export const EXAMPLE_REQUEST_ID = "4f5c2a8e-1d3b-4c6f-9a7e-2b8d0c1e3f4a";

const kobo = (description: string, example: number) => z.int().nonnegative().meta({ description, example });
/** Meta goes on the nullable wrapper, so the description sits beside the type and not inside its anyOf. */
const nullableKobo = (description: string, example: number) => z.int().nonnegative().nullable().meta({ description, example });
/** Which world an object belongs to (docs/integrating.md "Test mode"): true live, false made with a pk_test_ key. */
export const livemodeField = (what: string) =>
  z.boolean().meta({
    description: `\`false\` when this ${what} belongs to test mode (a \`pk_test_\` key: the sandbox and the test wallet), \`true\` when live.`,
    example: true,
  });

export const balanceResponse = z
  .object({
    balance: kobo("The wallet balance in kobo (100 kobo = ₦1).", 2_500_000),
    currency: z.literal("NGN"),
    livemode: livemodeField("wallet"),
  })
  .meta({ id: "Balance", description: "The wallet balance of the key's mode: the live wallet, or the test wallet for a `pk_test_` key." });

export const network = z
  .object({
    id: z.string().meta({ description: "The network id used by plans and airtime purchases.", example: "mtn" }),
    name: z.string().meta({ example: "MTN" }),
    airtimeMinAmount: kobo("The smallest airtime purchase on this network, kobo.", 5_000),
    airtimeMaxAmount: kobo("The largest airtime purchase on this network, kobo.", 5_000_000),
  })
  .meta({ id: "Network", description: "A mobile network." });

export const networkList = z.object({ data: z.array(network) }).meta({ id: "NetworkList" });

export const pricingBasis = z.enum(["retail", "special"]).meta({
  id: "PricingBasis",
  description:
    "`retail`: a network's own bundle, sold below its published `retailPrice`. `special`: a negotiated (SME, Corporate) bundle with no published retail price.",
});

export const plan = z
  .object({
    planId: z.string().meta({ description: "What POST /api/v1/data takes as `planId`.", example: "mtn-1gb-30d" }),
    networkId: z.string().meta({ example: "mtn" }),
    name: z.string().meta({ description: "A label for people; never parse it.", example: "MTN 1GB (SME) – 30 days" }),
    price: kobo("What this account pays, kobo.", 28_000),
    retailPrice: nullableKobo("The published retail price, kobo; null whenever `pricingBasis` is `special`.", 35_000),
    pricingBasis,
    productId: z.string().nullable().meta({
      description: "The same bundle has the same productId on every network. Null unless the account is on the product catalog.",
      example: "data-1gb-30d",
    }),
    sizeMb: z.int().nonnegative().nullable().meta({
      description:
        "Bundle size in MB. Null when `isUnlimited` is true (an unlimited bundle has no size, and no fair-usage cap is published), and null unless the account is on the product catalog.",
      example: 1024,
    }),
    validityDays: z.int().positive().nullable().meta({ description: "Null unless the account is on the product catalog.", example: 30 }),
    isUnlimited: z.boolean().nullable().meta({ description: "Null unless the account is on the product catalog.", example: false }),
    class: z
      .string()
      .nullable()
      .meta({ description: "SME, Corporate, Gifting, ...; null unless the account is on the product catalog.", example: "SME" }),
  })
  .meta({ id: "Plan", description: "A data plan as the calling account sees it: its own price and pricing basis." });

export const planList = z.object({ data: z.array(plan) }).meta({ id: "PlanList" });

export const billProduct = z
  .object({
    planId: z.string().meta({ description: "What the verify and pay endpoints take as `planId`.", example: "dstv-compact" }),
    productId: z.string().meta({ example: "dstv-compact" }),
    name: z.string().meta({ example: "DStv Compact" }),
    biller: z.string().meta({ example: "DStv" }),
    amountType: z
      .enum(["fixed", "variable"])
      .meta({ description: "`variable` products (electricity) take an `amount` when paid; `fixed` ones must not." }),
    price: nullableKobo("The price of a fixed product, kobo; null for variable ones.", 1_900_000),
    minAmount: nullableKobo("The smallest amount of a variable product, kobo; null for fixed ones.", 100_000),
    maxAmount: nullableKobo("The largest amount of a variable product, kobo; null for fixed ones.", 50_000_000),
  })
  .meta({ id: "BillProduct", description: "A product of a bill service (cable TV bouquet, electricity disco, exam PIN, broadband plan)." });

export const billProductList = z.object({ data: z.array(billProduct) }).meta({ id: "BillProductList" });

export const customerVerification = z
  .object({
    customerId: z.string().meta({ example: "45012345678" }),
    customerName: z.string().meta({ description: "The name the biller holds for this customer.", example: "ADEBAYO OLUWASEUN" }),
    planId: z.string().meta({ example: "ikeja-electric-prepaid" }),
    biller: z.string().meta({ example: "Ikeja Electric" }),
    details: z.record(z.string(), z.string()).meta({
      description: "Whatever else the biller tells about the customer (address, meter type, current bouquet, ...).",
      example: { address: "12 Allen Avenue, Ikeja" },
    }),
    renewal: z
      .object({
        planId: z.string().meta({
          description:
            'Pay this product with `subscriptionType: "renew"` to renew the customer\'s current subscription; its price is charged.',
          example: "dstv-compact",
        }),
        currentBouquet: z.string().nullable().meta({ description: "The bouquet as the biller names it.", example: "DStv Compact" }),
      })
      .nullable()
      .meta({
        description:
          "Cable TV: how to renew the customer's current subscription, when the biller offers a renewal one of our products matches; null otherwise (and for other services).",
        example: null,
      }),
  })
  .meta({ id: "CustomerVerification", description: "The biller's record of a customer. Nothing is charged for a verification." });

export const transactionService = z.enum(API_SERVICE_NAMES).meta({ id: "TransactionService" });

export const deliveredPin = z
  .object({
    serial: z.string().nullable().meta({
      description: "The card's serial number, when the card has one (a WAEC result checker card does: its portal asks for both).",
      example: "WRN123456790",
    }),
    pin: z.string().meta({ description: "The PIN (or token) itself.", example: "098765432112" }),
  })
  .meta({ id: "DeliveredPin", description: "One voucher or card sold." });

export const transaction = z
  .object({
    id: z.uuid().meta({ description: "Our id of the transaction." }),
    service: transactionService,
    status: z.enum(["pending", "successful", "failed"]).meta({
      description: "`pending` transactions settle later (GET /api/v1/transactions/{clientReference}); a `failed` one has been refunded.",
    }),
    clientReference: z.string().meta({ example: "order-10001" }),
    providerReference: z
      .string()
      .nullable()
      .meta({ description: "The provider's reference; null until the provider answered.", example: "SBX-AZX0JE3ZAPRA4GFPBJ7H" }),
    planId: z.string().nullable().meta({ description: "The data plan or bill product; null for airtime.", example: "mtn-1gb-30d" }),
    networkId: z.string().nullable().meta({ description: "For data and airtime; null for bills.", example: "mtn" }),
    productName: z.string().nullable().meta({
      description:
        "The data plan or bill product name at the time of purchase; for airtime the network's name and `Airtime`, e.g. `MTN Airtime`. Every purchase kind sets it.",
      example: "MTN 1GB (SME) – 30 days",
    }),
    recipient: z.string().meta({ description: "The phone number (data, airtime) or customer id (bills).", example: "08031234567" }),
    customerName: z.string().nullable().meta({ description: "The biller's name for the customer (bills); null otherwise.", example: null }),
    amount: kobo("The amount charged to the wallet, kobo.", 28_000),
    token: z.string().nullable().meta({
      description:
        "The electricity prepaid token, or the first PIN of `pins`, once the purchase is successful; null otherwise (and while pending).",
      example: null,
    }),
    pins: z.array(deliveredPin).nullable().meta({
      description:
        "Every voucher or card sold, once the purchase is successful: exam PINs (WAEC result checker and registration, JAMB, NECO), broadband PINs, e-PINs. Null for products credited to the recipient directly (data, airtime, cable TV, electricity) and while pending.",
      example: null,
    }),
    units: z.string().nullable().meta({
      description:
        "Electricity: the units the token loads, as the biller states them (e.g. `79.9 kWh`); null otherwise or when not stated.",
      example: null,
    }),
    bonusToken: z.string().nullable().meta({
      description:
        "Electricity: a second token some distribution companies issue with the first (Eko's free basic electricity, FBE), to be loaded too; null otherwise.",
      example: null,
    }),
    failureReason: z.string().nullable().meta({ description: "Why a `failed` transaction failed; null otherwise.", example: null }),
    createdAt: z.iso.datetime().meta({ example: "2026-06-15T09:30:00.000Z" }),
    completedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When it became successful or failed; null while pending.", example: "2026-06-15T09:30:01.250Z" }),
    livemode: livemodeField("transaction"),
    idempotentReplay: z.literal(true).optional().meta({ description: "Present, and true, only on replays of a known `clientReference`." }),
  })
  .meta({ id: "Transaction", description: "A purchase (data, airtime or a bill payment)." });

export const transactionList = z
  .object({
    data: z.array(transaction),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "TransactionList" });

export const problemDetails = z
  .object({
    type: z
      .string()
      .meta({ description: "A URI identifying the kind of problem.", example: "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1" }),
    title: z.string().meta({ example: "Bad Request" }),
    status: z.int().meta({ description: "The HTTP status code.", example: 400 }),
    detail: z.string().optional().meta({
      description: "A human-readable explanation. Absent on the IP-allowlist 403s.",
      example: "must be a Nigerian mobile number such as 08031234567",
    }),
    errors: z
      .array(
        z.object({
          name: z.string().meta({
            description: "The offending field's path, an error name such as `wallet.insufficient_funds`, or `generalErrors`.",
            example: "phone",
          }),
          reason: z.string().meta({ example: "must be a Nigerian mobile number such as 08031234567" }),
        }),
      )
      .min(1),
    requestId: z.string().meta({
      description: "This request's id, the same as its `X-Request-Id` header: quote it when you contact support.",
      example: EXAMPLE_REQUEST_ID,
    }),
  })
  .meta({ id: "Problem", description: "An `application/problem+json` error (RFC 9457)." });
