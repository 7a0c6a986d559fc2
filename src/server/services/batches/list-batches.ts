import { Prisma } from "~/generated/prisma/client";
import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { decodeCursor, encodeCursor } from "~/server/services/transactions/transaction-reads";
import { batchAccountCondition, selectBatches, toBatchView, type BatchView } from "./batch-reads";

export interface BatchPage {
  data: BatchView[];
  nextCursor: string | null;
}

/** The portal's past batches, newest first, a page at a time (keyset on createdAt and id, as transactions). */
export async function listBatches(actor: Actor, input: { limit?: number; cursor?: string | null } = {}): Promise<BatchPage> {
  const accountId = actingAccountId(actor, undefined, OPERATORS_DO_NOT_BUY);
  const limit = input.limit ?? 20;
  const before = input.cursor ? decodeCursor(input.cursor, "this page") : null;
  const rows = await selectBatches(Prisma.sql`${batchAccountCondition(accountId, actorLivemode(actor))}`, { limit: limit + 1, before });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toBatchView),
    nextCursor: rows.length > limit && last ? encodeCursor({ created_at: last.created_at, id: last.id }) : null,
  };
}
