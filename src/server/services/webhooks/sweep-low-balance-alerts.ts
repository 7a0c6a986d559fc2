/**
 * The backstop of wallet.low_balance (prisma/sql/webhooks/record_low_balance_if_crossed.sql): the event is recorded by the statement
 * that settles a purchase, judging the settled balance with the purchases still pending counted back
 * in. Two purchases settling at the same moment each count the other as pending, so each can find the
 * balance still above the threshold while together they took it below. This sweep, run by the webhook
 * worker every minute, records the events such a moment left owed: for every armed wallet whose
 * balance is below its threshold, the same function looks again.
 */
import { db } from "~/server/db";

/** How many wallet.low_balance events the sweep recorded. */
export async function sweepLowBalanceAlerts(): Promise<number> {
  const [row] = await db.$queryRaw<{ fired: bigint }[]>`
    SELECT count(*) FILTER (WHERE record_low_balance_if_crossed(account_id, livemode)) AS fired
    FROM wallets
    WHERE low_balance_armed AND balance < low_balance_threshold`;
  return Number(row?.fired ?? 0);
}
