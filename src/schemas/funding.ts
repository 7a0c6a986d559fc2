/**
 * Funding by bank transfer (DESIGN.md §7.1 "Funding", docs/operating.md "Funding by bank transfer"): the funding
 * accounts resellers transfer to, the credits (Fundings) every funding makes, test mode's simulated
 * transfer, and the portal's and operators' inputs around them. One set of schemas for the REST API,
 * the portal and the OpenAPI document. Browser-safe: zod only.
 */
import { z } from "zod";
import { livemodeField } from "./api";
import { idInput, requiredText } from "./fields";
import { instant, phone } from "./purchases";

const kobo = (description: string, example: number) => z.int().nonnegative().meta({ description, example });

export const FEE_POLICIES = ["net", "gross"] as const;
export const feePolicy = z.enum(FEE_POLICIES).meta({
  id: "FeePolicy",
  description:
    "How a transfer is credited: `net`, the amount less the payment provider's fee (the `fee` of each Funding); `gross`, the whole amount (the service pays the fee).",
});

export type FeePolicy = z.infer<typeof feePolicy>;

export const FUNDING_ACCOUNT_STATUSES = ["pending", "active", "failed", "deactivated"] as const;

export const fundingAccount = z
  .object({
    provider: z.enum(["paystack", "simulated"]).meta({
      description: "`paystack`: a Paystack Dedicated Virtual Account (live). `simulated`: test mode's account, which no bank can pay into.",
    }),
    bankName: z.string().nullable().meta({ description: "Null until the account is assigned.", example: "Wema Bank" }),
    accountNumber: z.string().nullable().meta({ description: "The 10-digit NUBAN; null until assigned.", example: "9930000123" }),
    accountName: z.string().nullable().meta({ example: "RESELLER/DEMO RESELLER LTD" }),
    status: z.enum(FUNDING_ACCOUNT_STATUSES).meta({
      description:
        "`pending`: requested, the bank is assigning it (usually seconds). `active`: transfers to it credit the wallet. `failed`: it could not be assigned (see `failureReason`); it can be requested again. `deactivated`: transfers to it are no longer credited automatically.",
    }),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: "Why it could not be assigned, or was deactivated; null otherwise.", example: null }),
    feePolicy,
    livemode: livemodeField("funding account"),
  })
  .meta({ id: "FundingAccount", description: "A bank account number of the account's own: a transfer to it funds the wallet." });
export type FundingAccountView = z.infer<typeof fundingAccount>;

export const fundingAccountList = z
  .object({
    data: z.array(fundingAccount),
    available: z.boolean().meta({
      description:
        "Whether this service takes bank transfers in the key's mode. False when live funding by bank transfer is not configured (test mode always has its simulated account).",
    }),
  })
  .meta({ id: "FundingAccountList" });
export type FundingAccountList = z.infer<typeof fundingAccountList>;

export const FUNDING_CHANNELS = ["bank_transfer", "manual", "test_top_up"] as const;

/** What each channel is called to people (the portal's tables, the invoice CSV's funding rows). */
export const FUNDING_CHANNEL_LABELS: Record<(typeof FUNDING_CHANNELS)[number], string> = {
  bank_transfer: "Bank transfer",
  manual: "Recorded by an operator",
  test_top_up: "Test top-up",
};

export const funding = z
  .object({
    id: z.string().meta({ description: "The funding's id (its ledger entry).", example: "184467" }),
    reference: z.string().nullable().meta({
      description:
        "The payment provider's transaction reference for a bank transfer (Paystack's `reference`); the operator's reference for a manual funding.",
      example: "T683529845293712",
    }),
    amount: kobo("What the wallet was credited, kobo.", 990_000),
    fee: kobo(
      "What was taken off the transfer before crediting it, kobo (0 under the `gross` fee policy and for manual fundings): `amount + fee` is what was paid.",
      10_000,
    ),
    channel: z.enum(FUNDING_CHANNELS).meta({
      description:
        "`bank_transfer`: a transfer to the account's funding account (simulated in test mode). `manual`: credited by an operator for a payment made another way. `test_top_up`: play money added to the test wallet.",
    }),
    payerName: z
      .string()
      .nullable()
      .meta({ description: "The sender's name as their bank gave it; null when unknown.", example: "ADAEZE OKONKWO" }),
    payerBank: z.string().nullable().meta({ description: "The sender's bank; null when unknown.", example: "Guaranty Trust Bank" }),
    paidAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the transfer was paid, as the bank reports it; null for other channels." }),
    createdAt: z.iso.datetime().meta({ description: "When the wallet was credited.", example: "2026-06-15T09:30:01.250Z" }),
    livemode: livemodeField("funding"),
  })
  .meta({ id: "Funding", description: "One credit of the wallet: a FUNDING ledger entry, announced by a `wallet.funded` event." });
export type FundingView = z.infer<typeof funding>;

export const fundingList = z
  .object({
    data: z.array(funding),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "FundingList" });

export const listFundingsQuery = z.object({
  from: instant
    .optional()
    .meta({ description: "Credited at or after (inclusive); a date alone means midnight in Africa/Lagos.", example: "2026-06-01" }),
  to: instant
    .optional()
    .meta({ description: "Credited before (exclusive); a date alone means midnight in Africa/Lagos.", example: "2026-07-01" }),
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(50)
    .meta({ description: "Fundings per page." }),
  cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page." }),
});
export type ListFundingsQuery = z.input<typeof listFundingsQuery>;

/** The largest simulated transfer, kobo (₦10 million, as a purchase). */
export const MAX_SIMULATED_TRANSFER_KOBO = 1_000_000_000;

export const simulateTransferInput = z.object({
  amount: z
    .int("must be a whole number of kobo")
    .min(100, "must be at least 100 kobo (₦1)")
    .max(MAX_SIMULATED_TRANSFER_KOBO, `must be at most ${MAX_SIMULATED_TRANSFER_KOBO} kobo`)
    .meta({ description: "What the simulated payer sends, kobo.", example: 500_000 }),
  payerName: z
    .string("must be a string")
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .optional()
    .meta({ description: "The simulated sender's name.", example: "ADAEZE OKONKWO" }),
});
export type SimulateTransferInput = z.input<typeof simulateTransferInput>;

/**
 * An owner (for their account) or an operator (naming one) asks for the live funding account. Paystack
 * needs a phone number for the customer; the names come from the account, the email from its owner.
 */
export const requestFundingAccountInput = z.object({
  accountId: idInput().optional(),
  phone: phone.meta({ description: "The account holder's mobile number, which Paystack requires for a dedicated account." }),
});
export type RequestFundingAccountInput = z.input<typeof requestFundingAccountInput>;

export const BANK_TRANSFER_STATUSES = ["CREDITED", "UNMATCHED", "RETURNED"] as const;

/** The operators' list of bank transfers: the unmatched queue by default, or everything of one account. */
export const listBankTransfersInput = z.object({
  status: z.enum(BANK_TRANSFER_STATUSES).optional(),
  accountId: idInput().optional(),
  limit: z.int().min(1).max(200).default(50),
});
export type ListBankTransfersInput = z.input<typeof listBankTransfersInput>;

const resolutionNote = requiredText(500);

export const assignBankTransferInput = z.object({
  transferId: idInput(),
  accountId: idInput(),
  note: resolutionNote.meta({ description: "Why it belongs to this account (the payer's confirmation, a receipt)." }),
});
export type AssignBankTransferInput = z.input<typeof assignBankTransferInput>;

export const returnBankTransferInput = z.object({
  transferId: idInput(),
  note: resolutionNote.meta({ description: "How the money went back to the payer (the refund's reference)." }),
});
export type ReturnBankTransferInput = z.input<typeof returnBankTransferInput>;
