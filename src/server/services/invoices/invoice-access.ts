import type { Account } from "~/generated/prisma/client";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, assertOwnerOrOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { billingPeriod, lagosPeriodOf, type BillingPeriod } from "./billing-period";

/**
 * The account whose invoices are asked for (`named`: an operator's choice; account holders get their
 * own). Invoices are for the account holder: its API keys, its OWNER, and operators; not its STAFF.
 */
export function invoiceAccountId(actor: Actor, named: string | undefined): string {
  // Invoices are live documents (live customers' numbers, references, addresses): a test key gets none
  // (docs/integrating.md "Test mode"). Refused before anything is looked up. The portal's Test data switch is not a
  // key: its owner sees the live invoices they may see anyway.
  if (actor.kind === "api-key" && !actorLivemode(actor)) {
    throw new AppError(
      "invoice.live_only",
      "Invoices are live only: a test key (pk_test_) cannot download them. Use a live key (pk_live_).",
    );
  }
  const accountId = actingAccountId(actor, named, { code: "account.not_found", message: "Choose an account to see its invoices." });
  if (actor.kind !== "api-key") assertOwnerOrOperator(actor, accountId);
  return accountId;
}

/**
 * The account and billing month of an invoice download. A month before the account existed has no
 * invoice (404, not an empty document that looks like a statement); a month before `createdAt` that
 * already holds the account's transactions or ledger entries (data imported with its history) does,
 * as the Invoices page lists it.
 */
export async function openInvoiceMonth(
  actor: Actor,
  input: { accountId?: string; period: string },
  now: Date = new Date(),
): Promise<{ account: Account; period: BillingPeriod }> {
  const accountId = invoiceAccountId(actor, input.accountId);
  const period = billingPeriod(input.period, now);
  const account = await findAccountOrThrow(db, accountId);
  if (period.period < lagosPeriodOf(account.createdAt)) {
    const [earlier] = await db.$queryRaw<{ found: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM transactions WHERE account_id = ${account.id}::uuid AND livemode AND created_at < ${period.end})
          OR EXISTS (SELECT 1 FROM ledger_entries WHERE account_id = ${account.id}::uuid AND livemode AND created_at < ${period.end}) AS found`;
    if (!earlier?.found)
      throw new AppError(
        "invoice.not_found",
        `No invoice for ${period.period}: the account was opened in ${lagosPeriodOf(account.createdAt)}.`,
      );
  }
  return { account, period };
}
