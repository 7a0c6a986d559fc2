/**
 * Before an operator takes a network, plan or bill product off sale (for every reseller at once): how
 * many accounts bought it this Lagos month, and how many live purchases that was, so the confirmation
 * says what the click affects. Failed purchases are not counted: nobody received anything. A network
 * counts its airtime and data; a plan or bill product its own purchases.
 */
import { Prisma } from "~/generated/prisma/client";
import { lagosMonthStart, lagosWallClock } from "~/lagos-time";
import { catalogItemInput, type CatalogItemInput } from "~/schemas/catalog-admin";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { parseInput } from "~/server/validation/parse-input";

export interface RecentBuyers {
  accounts: number;
  purchases: number;
  /** The first instant of the Lagos month counted. */
  since: Date;
}

export async function countRecentBuyers(actor: Actor, input: CatalogItemInput, now = new Date()): Promise<RecentBuyers> {
  assertOperator(actor);
  const { kind, id } = parseInput(catalogItemInput, input);
  const lagos = lagosWallClock(now);
  const since = lagosMonthStart(lagos.getUTCFullYear(), lagos.getUTCMonth());
  const item = kind === "network" ? Prisma.sql`t.network_id = ${id}` : Prisma.sql`t.plan_id = ${id}`;
  const [row] = await db.$queryRaw<{ accounts: bigint; purchases: bigint }[]>`
    SELECT count(DISTINCT t.account_id) AS accounts, count(*) AS purchases
    FROM transactions t
    WHERE ${item} AND t.livemode AND t.status <> 'FAILED'::"TransactionStatus" AND t.created_at >= ${since}`;
  return { accounts: Number(row?.accounts ?? 0), purchases: Number(row?.purchases ?? 0), since };
}
