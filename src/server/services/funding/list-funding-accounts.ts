/**
 * GET /api/v1/funding-accounts and the Fund wallet page: the account numbers the actor's account can be
 * funded through, in the actor's mode. Live: the Paystack account once requested (none before), and
 * `available: false` when no rail is configured. Test mode: the simulated account, opened on first
 * look (every account has one; a simulated transfer credits the test wallet through it).
 */
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { db, sql } from "~/server/db";
import { fundingSettings } from "~/server/providers/funding";
import type { FundingAccountList } from "~/schemas/funding";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { toFundingAccountView } from "./funding-views";

export const SIMULATED_BANK_NAME = "Simulated Bank (test mode)";

export async function listFundingAccounts(actor: Actor, named: string | null): Promise<FundingAccountList> {
  const accountId = actingAccountId(actor, named);
  const livemode = actorLivemode(actor);
  await findAccountOrThrow(db, accountId);
  const { provider, feePolicy } = fundingSettings();
  if (!livemode) {
    // The number is drawn only when the row is made (nextval runs for the one row that passes the WHERE);
    // two first looks at once both pass it, and the unique index keeps one.
    await db.$executeRaw(sql`
      INSERT INTO funding_accounts (account_id, livemode, provider, status, bank_name, bank_slug, account_number, account_name, assigned_at)
      SELECT a.id, false, 'simulated', 'ACTIVE', ${SIMULATED_BANK_NAME}, 'simulated',
             '99' || lpad(nextval('simulated_account_numbers')::text, 8, '0'), upper(a.name), now()
      FROM accounts a
      WHERE a.id = ${accountId}::uuid AND NOT EXISTS (SELECT 1 FROM funding_accounts f WHERE f.account_id = a.id AND NOT f.livemode)
      ON CONFLICT (account_id, livemode, provider) DO NOTHING`);
  }
  const rows = await db.fundingAccount.findMany({ where: { accountId, livemode }, orderBy: { createdAt: "asc" } });
  return { data: rows.map((row) => toFundingAccountView(row, feePolicy)), available: !livemode || provider !== null };
}
