import type { Actor } from "~/server/auth/actor";
import { assertAccountAccess } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";

export async function getBalance(actor: Actor, accountId: string): Promise<{ balance: bigint; currency: string }> {
  assertAccountAccess(actor, accountId);
  const wallet = await db.wallet.findUnique({ where: { accountId }, select: { balance: true, currency: true } });
  if (!wallet) throw new AppError("account.not_found", "No such account.");
  return { balance: wallet.balance, currency: wallet.currency };
}
