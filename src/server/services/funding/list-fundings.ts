/**
 * GET /api/v1/fundings and the Fund wallet page's recent fundings: every credit of the actor's wallet
 * (its mode's), newest first: bank transfers with their fee and payer, operators' manual fundings,
 * test top-ups. `from` inclusive, `to` exclusive, a bare date is Lagos midnight, as for transactions.
 */
import { Prisma } from "~/generated/prisma/client";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { parseInput } from "~/server/validation/parse-input";
import { decodeCursor, encodeCursor, listBound } from "~/server/services/transactions/transaction-reads";
import { listFundingsQuery, type FundingView, type ListFundingsQuery } from "~/schemas/funding";
import { selectFundings } from "./funding-reads";
import { toFundingView } from "./funding-views";

const LEDGER_ID_SHAPE = /^\d{1,19}$/;

export async function listFundings(
  actor: Actor,
  named: string | null,
  query: ListFundingsQuery,
): Promise<{ data: FundingView[]; nextCursor: string | null }> {
  const accountId = actingAccountId(actor, named);
  const { from, to, limit, cursor } = parseInput(listFundingsQuery, query);
  const extra: Prisma.Sql[] = [];
  if (from !== undefined) extra.push(Prisma.sql`l.created_at >= ${listBound(from)}`);
  if (to !== undefined) extra.push(Prisma.sql`l.created_at < ${listBound(to)}`);
  const rows = await selectFundings(
    db,
    { accountId, livemode: actorLivemode(actor), extra },
    { limit: limit + 1, after: cursor ? decodeCursor(cursor, "this API", LEDGER_ID_SHAPE) : null },
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toFundingView),
    nextCursor: rows.length > limit && last ? encodeCursor({ created_at: last.created_at, id: last.id.toString() }) : null,
  };
}
