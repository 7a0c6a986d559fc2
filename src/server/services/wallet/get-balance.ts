import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";

/** `named`: the account asked about; without one, the actor's own. The wallet is the actor's mode's. */
export async function getBalance(actor: Actor, named?: string): Promise<{ balance: bigint; currency: string; livemode: boolean }> {
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const livemode = actorLivemode(actor);
  const wallet = await db.wallet.findUnique({
    where: { accountId_livemode: { accountId, livemode } },
    select: { balance: true, currency: true },
  });
  if (!wallet) throw new AppError("account.not_found", "No such account.");
  return { balance: wallet.balance, currency: wallet.currency, livemode };
}
