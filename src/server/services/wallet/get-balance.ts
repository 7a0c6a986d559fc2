import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";

/** `named`: the account asked about; without one, the actor's own. */
export async function getBalance(actor: Actor, named?: string): Promise<{ balance: bigint; currency: string }> {
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const wallet = await db.wallet.findUnique({ where: { accountId }, select: { balance: true, currency: true } });
  if (!wallet) throw new AppError("account.not_found", "No such account.");
  return { balance: wallet.balance, currency: wallet.currency };
}
