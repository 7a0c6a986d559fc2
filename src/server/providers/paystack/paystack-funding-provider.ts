/**
 * Paystack's Dedicated Virtual Accounts as a FundingProvider
 * (https://paystack.com/docs/payments/dedicated-virtual-accounts/):
 *
 * - requestAccount: POST /customer (email, names, phone; Paystack returns the existing customer for a
 *   known email), then POST /dedicated_account/assign for that email with the preferred bank, which
 *   Paystack answers "in progress" and settles later with `dedicatedaccount.assign.success` or
 *   `.failed` (handled by the webhook route);
 * - findAccount: GET /dedicated_account?customer=<id>&active=true, for an assignment whose event never came;
 * - confirmTransfer: GET /transaction/verify/:reference, the only account of a transfer that moves money;
 * - listTransfers: GET /transaction?status=success&from=&to=, page by page, keeping `dedicated_nuban`
 *   transfers, for the reconciler.
 *
 * Amounts are kobo on both sides. Answers are read with zod, loosely (Paystack adds fields), and one
 * that lacks what is needed is a fault, never a guess.
 */
import { z } from "zod";
import { UpstreamFault } from "../upstream-http";
import type { AccountRequest, AssignedAccount, ConfirmedTransfer, FundingAccountHolder, FundingProvider } from "../funding-provider";
import { type PaystackClient, PaystackRefusal, type PaystackAnswer } from "./paystack-client";

/** Paystack's channel for a transfer to a dedicated account. */
export const DEDICATED_NUBAN = "dedicated_nuban";
/** Listed per page when reconciling (Paystack's maximum is larger; this bounds one answer). */
const PER_PAGE = 100;
/** One pass lists at most this many pages (10,000 transfers); the rest wait for the next pass. */
const MAX_PAGES = 100;

const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined || value === "" ? null : String(value)));

const paystackTransaction = z.object({
  id: text,
  status: z.string(),
  reference: z.string().min(1),
  amount: z.number().int().positive(),
  fees: z.number().int().nonnegative().nullish(),
  currency: z.string(),
  channel: z.string(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
  created_at: z.string().nullish(),
  customer: z.object({ customer_code: optionalText }).partial().nullish(),
  authorization: z
    .object({
      sender_name: optionalText,
      sender_bank: optionalText,
      sender_bank_account_number: optionalText,
      receiver_bank_account_number: optionalText,
      narration: optionalText,
    })
    .partial()
    .nullish(),
  metadata: z.union([z.object({ receiver_account_number: optionalText }).partial(), z.string(), z.null()]).optional(),
});

const dedicatedAccount = z.object({
  id: text,
  account_name: z.string(),
  account_number: text,
  active: z.boolean().optional(),
  bank: z.object({ name: z.string(), slug: z.string().nullish() }),
});

function toStatus(status: string): ConfirmedTransfer["status"] {
  if (status === "success") return "success";
  if (["failed", "abandoned", "reversed"].includes(status)) return "failed";
  return "pending";
}

export function toConfirmedTransfer(data: unknown): ConfirmedTransfer {
  const parsed = paystackTransaction.safeParse(data);
  if (!parsed.success) throw new UpstreamFault("unexpected-answer", `a transaction without ${parsed.error.issues[0]?.path.join(".")}`);
  const row = parsed.data;
  const metadata = typeof row.metadata === "object" && row.metadata !== null ? row.metadata : {};
  const paidAt = new Date(row.paid_at ?? row.paidAt ?? row.created_at ?? "");
  return {
    reference: row.reference,
    providerTransactionId: row.id,
    status: toStatus(row.status),
    amount: BigInt(row.amount),
    fee: BigInt(row.fees ?? 0),
    currency: row.currency,
    channel: row.channel,
    toDedicatedAccount: row.channel === DEDICATED_NUBAN,
    paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
    customerCode: row.customer?.customer_code ?? null,
    payerName: row.authorization?.sender_name ?? null,
    payerBank: row.authorization?.sender_bank ?? null,
    payerAccountNumber: row.authorization?.sender_bank_account_number ?? null,
    narration: row.authorization?.narration ?? null,
    receiverAccountNumber: row.authorization?.receiver_bank_account_number ?? metadata.receiver_account_number ?? null,
  };
}

export function toAssignedAccount(data: unknown): AssignedAccount {
  const parsed = dedicatedAccount.safeParse(data);
  if (!parsed.success)
    throw new UpstreamFault("unexpected-answer", `a dedicated account without ${parsed.error.issues[0]?.path.join(".")}`);
  const row = parsed.data;
  return {
    providerAccountId: row.id,
    bankName: row.bank.name,
    bankSlug: row.bank.slug ?? null,
    accountNumber: row.account_number,
    accountName: row.account_name,
    active: row.active !== false,
  };
}

function definite(answer: PaystackAnswer, what: string): unknown {
  if (answer.status) return answer.data;
  if (answer.httpStatus >= 400 && answer.httpStatus < 500)
    throw new PaystackRefusal(answer.httpStatus, answer.message || `${what} refused`);
  throw new UpstreamFault("unexpected-answer", `${what}: HTTP ${answer.httpStatus} with status false`);
}

export class PaystackFundingProvider implements FundingProvider {
  readonly name = "paystack";

  constructor(private readonly client: PaystackClient) {}

  async requestAccount(holder: FundingAccountHolder, preferredBank: string): Promise<AccountRequest> {
    const person = { email: holder.email, first_name: holder.firstName, last_name: holder.lastName, phone: holder.phone };
    const customer = z
      .object({ customer_code: z.string().min(1), id: text })
      .safeParse(
        definite(await this.client.post("customer", { ...person, metadata: { account_id: holder.accountId } }), "create customer"),
      );
    if (!customer.success) throw new UpstreamFault("unexpected-answer", "a customer without customer_code or id");
    definite(
      await this.client.post("dedicated_account/assign", { ...person, preferred_bank: preferredBank, country: "NG" }),
      "assign account",
    );
    return { customerCode: customer.data.customer_code, customerId: customer.data.id, assigned: null };
  }

  async findAccount(customerId: string): Promise<AssignedAccount | null> {
    const data = definite(await this.client.get("dedicated_account", { customer: customerId, active: "true" }), "list dedicated accounts");
    if (!Array.isArray(data)) throw new UpstreamFault("unexpected-answer", "dedicated accounts: data is not a list");
    const accounts = data.map(toAssignedAccount).filter((account) => account.active);
    return accounts[0] ?? null;
  }

  async confirmTransfer(reference: string): Promise<ConfirmedTransfer | null> {
    const answer = await this.client.get(`transaction/verify/${encodeURIComponent(reference)}`);
    // Paystack answers an unknown reference with status false and "Transaction reference not found" (400 or 404).
    if (!answer.status && (answer.httpStatus === 400 || answer.httpStatus === 404) && /not found/i.test(answer.message)) return null;
    if (!answer.status) throw new UpstreamFault("unexpected-answer", `verify: HTTP ${answer.httpStatus}: ${answer.message}`);
    const transfer = toConfirmedTransfer(answer.data);
    if (transfer.reference !== reference) throw new UpstreamFault("unexpected-answer", "verify answered another reference");
    return transfer;
  }

  async listTransfers(window: { from: Date; to: Date }): Promise<ConfirmedTransfer[]> {
    const found: ConfirmedTransfer[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await this.client.get("transaction", {
        status: "success",
        from: window.from.toISOString(),
        to: window.to.toISOString(),
        perPage: PER_PAGE,
        page,
      });
      const data = definite(answer, "list transactions");
      if (!Array.isArray(data)) throw new UpstreamFault("unexpected-answer", "transactions: data is not a list");
      for (const row of data) {
        const transfer = toConfirmedTransfer(row);
        if (transfer.toDedicatedAccount && transfer.status === "success") found.push(transfer);
      }
      const meta = z.object({ pageCount: z.number().int() }).partial().safeParse(answer.meta);
      const pageCount = meta.success ? meta.data.pageCount : undefined;
      if (data.length < PER_PAGE || (pageCount !== undefined && page >= pageCount)) break;
    }
    return found;
  }
}
