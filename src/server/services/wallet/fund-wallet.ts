/**
 * Credits an account's wallet (an operator recording money the reseller paid in). The balance change
 * and its ledger entry are one SQL statement, so they cannot diverge whatever else runs at the same
 * time, and the sum of the ledger stays equal to the balance. An operator's reference funds an
 * account at most once: a unique index on (account_id, funding_reference) decides, even when the same
 * funding is submitted twice at once.
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { isUniqueViolation } from "~/server/db/is-unique-violation";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { fundWalletInput, type FundWalletInput } from "~/schemas/operator";

function duplicateReference(reference: string | undefined): AppError {
  return new AppError("wallet.duplicate_funding_reference", `This account was already funded with the reference "${reference}".`);
}

export async function fundWallet(actor: Actor, input: FundWalletInput, tx?: DbClient): Promise<{ balance: bigint; ledgerEntryId: string }> {
  assertOperator(actor);
  const { accountId, amount, reference, note } = parseInput(fundWalletInput, input);
  const userId = actor.kind === "user" ? actor.userId : null;

  try {
    return await inTransaction(tx, async (client) => {
      await findAccountOrThrow(client, accountId);
      // The NOT EXISTS answers a plain repeat without an error; two repeats racing each other both pass
      // it, and the unique index then fails the second statement as a whole (caught below).
      const rows = await client.$queryRaw<{ id: bigint; balance_after: bigint }[]>`
        WITH credited AS (
          UPDATE wallets
          SET balance = balance + ${amount}::bigint, updated_at = now()
          WHERE account_id = ${accountId}::uuid AND livemode
            AND NOT EXISTS (
              SELECT 1 FROM ledger_entries
              WHERE account_id = ${accountId}::uuid AND funding_reference = ${reference ?? null}::text
            )
          RETURNING account_id, balance
        )
        INSERT INTO ledger_entries (account_id, kind, amount, balance_after, funding_reference, user_id, note)
        SELECT account_id, 'FUNDING'::"LedgerKind", ${amount}::bigint, balance, ${reference ?? null}::text, ${userId}::uuid, ${note ?? null}::text
        FROM credited
        RETURNING id, balance_after`;
      const entry = rows[0];
      if (!entry) {
        const repeated =
          reference !== undefined &&
          (await client.ledgerEntry.findUnique({ where: { accountId_fundingReference: { accountId, fundingReference: reference } } }));
        if (repeated) throw duplicateReference(reference);
        // createAccount always creates the wallet; an account without one is damaged data, not bad input.
        throw new Error(`account ${accountId} has no wallet`);
      }

      await recordAuditEntry(client, actor, {
        action: "wallet.fund",
        accountId,
        targetType: "ledger_entry",
        targetId: entry.id.toString(),
        details: {
          amount: amount.toString(),
          balanceAfter: entry.balance_after.toString(),
          reference: reference ?? null,
          note: note ?? null,
        },
      });
      return { balance: entry.balance_after, ledgerEntryId: entry.id.toString() };
    });
  } catch (error) {
    if (isUniqueViolation(error, ["account_id", "funding_reference"])) throw duplicateReference(reference);
    throw error;
  }
}
