/**
 * Test data is play (docs/architecture.md "Test mode in the database"): what is older than
 * TEST_DATA_RETENTION_DAYS is pruned, by the hourly pass of the webhook worker or `npm run admin --
 * test-data:prune`. The database function (migration 20261124120500) does each account under its test wallet's
 * lock and keeps the wallet's balance and ledger consistent; live rows are never read or touched (its partial
 * indexes hold test rows only).
 */
import { z } from "zod";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";

const pruneTestDataInput = z.object({
  olderThanDays: z.coerce.number("must be a whole number of days").int("must be a whole number of days").min(1, "must be at least 1"),
});

export async function pruneTestData(
  actor: Actor,
  input: { olderThanDays: number | string },
): Promise<{ before: string; accounts: number; transactions: number; ledgerEntries: number }> {
  assertOperator(actor);
  const { olderThanDays } = parseInput(pruneTestDataInput, input);
  const before = new Date(Date.now() - olderThanDays * 86_400_000);
  const wallets = await db.wallet.findMany({ where: { livemode: false }, select: { accountId: true } });
  let accounts = 0;
  let transactions = 0;
  let ledgerEntries = 0;
  // One account per statement: each holds only its own test wallet's lock, briefly.
  for (const { accountId } of wallets) {
    const [row] = await db.$queryRaw<{ transactions: number; ledger_entries: number }[]>`
      SELECT * FROM prune_test_data(${accountId}::uuid, ${before})`;
    if (row && row.ledger_entries + row.transactions > 0) {
      accounts += 1;
      transactions += row.transactions;
      ledgerEntries += row.ledger_entries;
    }
  }
  const result = { before: before.toISOString(), accounts, transactions, ledgerEntries };
  // Audited when it deleted anything: the hourly pass that finds nothing leaves no trace.
  if (accounts > 0) await recordAuditEntry(db, actor, { action: "test_data.prune", details: result });
  return result;
}
