/**
 * The test-mode wallet (docs/integrating.md "Test mode"): play money that pk_test_ keys and the portal's "Test
 * data" view buy with. Every account has one from the day it is opened, with the opening balance;
 * its owner (or an operator) tops it up or resets it, audited. Its ledger is kept like the live one's,
 * so `ledger:check` proves it too, and the database keeps its entries off the live wallet (the
 * ledger's (account_id, livemode) foreign key).
 */
import { assertOwnerOrOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import {
  resetTestWalletInput,
  TEST_WALLET_OPENING_BALANCE_KOBO,
  topUpTestWalletInput,
  type ResetTestWalletInput,
  type TopUpTestWalletInput,
} from "~/schemas/account-admin";

/** Called when an account is opened (migration 20261124120000 opened those that existed). */
export async function openTestWallet(client: DbClient, accountId: string): Promise<void> {
  await client.$queryRaw`SELECT set_test_wallet_balance(${accountId}::uuid, ${TEST_WALLET_OPENING_BALANCE_KOBO}::bigint, NULL, 'test wallet opened')`;
}

export async function topUpTestWallet(actor: Actor, input: TopUpTestWalletInput, client?: DbClient): Promise<{ balance: bigint }> {
  const { accountId, amount } = parseInput(topUpTestWalletInput, input);
  assertOwnerOrOperator(actor, accountId);
  const userId = actor.kind === "user" ? actor.userId : null;
  return inTransaction(client, async (tx) => {
    await findAccountOrThrow(tx, accountId);
    // The balance change and its ledger entry in one statement, as a live funding's (fund-wallet.ts).
    const [entry] = await tx.$queryRaw<{ id: bigint; balance_after: bigint }[]>`
      WITH credited AS (
        UPDATE wallets SET balance = balance + ${amount}::bigint, updated_at = now()
        WHERE account_id = ${accountId}::uuid AND NOT livemode
        RETURNING account_id, balance
      )
      INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, user_id, note)
      SELECT account_id, false, 'FUNDING'::"LedgerKind", ${amount}::bigint, balance, ${userId}::uuid, 'test wallet top-up'
      FROM credited
      RETURNING id, balance_after`;
    if (!entry) throw new Error(`account ${accountId} has no test wallet`);
    await recordAuditEntry(tx, actor, {
      action: "test_wallet.top_up",
      accountId,
      targetType: "ledger_entry",
      targetId: entry.id.toString(),
      details: { amount: String(amount), balanceAfter: entry.balance_after.toString() },
    });
    return { balance: entry.balance_after };
  });
}

export async function resetTestWallet(actor: Actor, input: ResetTestWalletInput, client?: DbClient): Promise<{ balance: bigint }> {
  const { accountId, balance } = parseInput(resetTestWalletInput, input);
  assertOwnerOrOperator(actor, accountId);
  const userId = actor.kind === "user" ? actor.userId : null;
  return inTransaction(client, async (tx) => {
    await findAccountOrThrow(tx, accountId);
    const before = await tx.wallet.findUnique({ where: { accountId_livemode: { accountId, livemode: false } }, select: { balance: true } });
    const [after] = await tx.$queryRaw<{ balance: bigint }[]>`
      SELECT set_test_wallet_balance(${accountId}::uuid, ${balance}::bigint, ${userId}::uuid, 'test wallet reset') AS balance`;
    await recordAuditEntry(tx, actor, {
      action: "test_wallet.reset",
      accountId,
      targetType: "wallet",
      targetId: accountId,
      details: { before: before?.balance.toString() ?? null, after: String(balance) },
    });
    return { balance: after?.balance ?? BigInt(balance) };
  });
}
