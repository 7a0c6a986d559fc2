import { Prisma } from "~/generated/prisma/client";
import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { batchAccountCondition, batchNotFound, selectBatches, toBatchView, type BatchView } from "./batch-reads";

/**
 * GET /api/v1/batches/{batchReference} (and the portal's progress bar): the batch as it stands now, of the
 * caller's account and mode only; `named` undefined means the actor's own.
 */
export async function getBatch(actor: Actor, named: string | undefined, batchReference: string): Promise<BatchView> {
  const accountId = actingAccountId(actor, named, OPERATORS_DO_NOT_BUY);
  const [row] = await selectBatches(
    Prisma.sql`${batchAccountCondition(accountId, actorLivemode(actor))} AND b.batch_reference = ${batchReference}`,
    { limit: 1 },
  );
  if (!row) throw batchNotFound(batchReference);
  return toBatchView(row);
}
