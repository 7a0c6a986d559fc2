/**
 * The owner's wallet.low_balance threshold (kobo), kept on the wallet so the trigger that fires the
 * event compares it in the very statement that settles a purchase (prisma/sql/webhooks/record_low_balance_if_crossed.sql: on the
 * settled balance, once per crossing). Null switches the event off.
 */
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, assertOwnerApiKeyOrOperator, type Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { lowBalanceThresholdInput } from "~/schemas/webhooks";

export async function getLowBalanceThreshold(actor: Actor, accountIdNamed: string | null): Promise<{ threshold: number | null }> {
  const accountId = actingAccountId(actor, accountIdNamed);
  assertOwnerApiKeyOrOperator(actor, accountId);
  const wallet = await db.wallet.findUnique({
    where: { accountId_livemode: { accountId, livemode: actorLivemode(actor) } },
    select: { lowBalanceThreshold: true },
  });
  if (!wallet) throw new AppError("account.not_found", "No such account.");
  return { threshold: wallet.lowBalanceThreshold === null ? null : Number(wallet.lowBalanceThreshold) };
}

export async function setLowBalanceThreshold(
  actor: Actor,
  accountIdNamed: string | null,
  input: { threshold: number | null },
  tx?: DbClient,
): Promise<{ threshold: number | null }> {
  const accountId = actingAccountId(actor, accountIdNamed);
  assertOwnerApiKeyOrOperator(actor, accountId);
  const { threshold } = parseInput(lowBalanceThresholdInput, input);
  return inTransaction(tx, async (client) => {
    // The wallet of the actor's mode: a pk_test_ key sets the test wallet's, to try the event out.
    const livemode = actorLivemode(actor);
    const { count } = await client.wallet.updateMany({
      where: { accountId, livemode },
      data: { lowBalanceThreshold: threshold === null ? null : BigInt(threshold) },
    });
    if (count === 0) throw new AppError("account.not_found", "No such account.");
    await recordAuditEntry(client, actor, {
      action: "wallet.set_low_balance_threshold",
      accountId,
      targetType: "wallet",
      targetId: accountId,
      details: { threshold, livemode },
    });
    return { threshold };
  });
}
