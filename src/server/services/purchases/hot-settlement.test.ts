/**
 * A settlement is a HOT update of its transaction (docs/architecture.md "Why the queues are tables"): it
 * changes no column an index of transactions holds, so PostgreSQL writes no new index entry for it. The
 * reconciler's queue (purchase_requeries) and the reversal sweep's (reversal_checks) carry what used to
 * be indexed on transactions, a row exactly while the purchase is pending, or watched.
 */
import { describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/db";
import { fundedAccount, reference } from "~/test/purchase-fixtures";

type Tx = Prisma.TransactionClient;

/** This transaction's updates of transactions so far: all of them, and the HOT ones. */
async function updatesSoFar(tx: Tx): Promise<{ updated: number; hot: number }> {
  const [row] = await tx.$queryRaw<{ updated: number; hot: number }[]>`
    SELECT pg_stat_get_xact_tuples_updated('transactions'::regclass)::int AS updated,
           pg_stat_get_xact_tuples_hot_updated('transactions'::regclass)::int AS hot`;
  return row!;
}

/** A live data purchase begun through insert_purchase, as the begin functions call it; returns its id. */
async function begin(tx: Tx, accountId: string, keyId: string): Promise<string> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM insert_purchase(${accountId}::uuid, ${reference("hot")}, 'DATA', 'fingerprint', 'mtn-1gb-30d', 'mtn',
      'MTN 1GB (SME) – 30 days', '08031234567', NULL, 28000, 26000, 'API', ${keyId}::uuid, NULL, '127.0.0.9',
      interval '30 seconds', true)`;
  return row!.id;
}

async function queueRows(tx: Tx, id: string) {
  const [row] = await tx.$queryRaw<{ requery: Date | null; check: Date | null }[]>`
    SELECT (SELECT next_requery_at FROM purchase_requeries WHERE transaction_id = ${id}::uuid) AS requery,
           (SELECT check_at FROM reversal_checks WHERE transaction_id = ${id}::uuid) AS check`;
  return row!;
}

describe("settle_purchase", () => {
  it("settles a purchase pending, then delivered, each as a HOT update, moving it through the queues", async () => {
    const { accountId, keyId } = await fundedAccount(1_000_000n);
    await db.$transaction(async (tx) => {
      const id = await begin(tx, accountId, keyId);
      const begun = await queueRows(tx, id);
      expect(begun.requery).not.toBeNull();
      expect(begun.check).toBeNull();
      const before = await updatesSoFar(tx);

      // Still pending, with the provider's reference: asked again later.
      await tx.$queryRaw`SELECT id FROM settle_purchase(${id}::uuid, 'PENDING', 'SBX-HOT-1', NULL, NULL, interval '5 minutes')`;
      const pending = await updatesSoFar(tx);
      expect(pending.updated - before.updated).toBe(1);
      expect(pending.hot - before.hot).toBe(1);
      expect((await queueRows(tx, id)).requery!.getTime()).toBeGreaterThan(begun.requery!.getTime());

      // Delivered by a provider that can reverse a delivery: out of the reconciler's queue, into the sweep's.
      await tx.$queryRaw`SELECT id FROM settle_purchase(${id}::uuid, 'SUCCESSFUL', 'SBX-HOT-1', NULL, NULL, interval '5 minutes',
        p_reversal_check_after => interval '1 hour')`;
      const settled = await updatesSoFar(tx);
      expect(settled.updated - pending.updated).toBe(1);
      expect(settled.hot - pending.hot).toBe(1);
      expect(await queueRows(tx, id)).toMatchObject({ requery: null, check: expect.any(Date) });
    });
  });

  it("settles a purchase failed as a HOT update, refunded, and out of the reconciler's queue", async () => {
    const { accountId, keyId } = await fundedAccount(1_000_000n);
    await db.$transaction(async (tx) => {
      const id = await begin(tx, accountId, keyId);
      const before = await updatesSoFar(tx);
      await tx.$queryRaw`SELECT id FROM settle_purchase(${id}::uuid, 'FAILED', NULL, NULL, 'refused', interval '5 minutes')`;
      const after = await updatesSoFar(tx);
      expect(after.updated - before.updated).toBe(1);
      expect(after.hot - before.hot).toBe(1);
      expect(await queueRows(tx, id)).toEqual({ requery: null, check: null });
    });
  });

  it("watches no test-mode delivery", async () => {
    const { accountId, keyId } = await fundedAccount(1_000_000n, { mode: "test" });
    await db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM insert_purchase(${accountId}::uuid, ${reference("hot")}, 'DATA', 'fingerprint', 'mtn-1gb-30d', 'mtn',
          'MTN 1GB (SME) – 30 days', '08031234567', NULL, 28000, 26000, 'API', ${keyId}::uuid, NULL, '127.0.0.9',
          interval '30 seconds', false)`;
      await tx.$queryRaw`SELECT id FROM settle_purchase(${row!.id}::uuid, 'SUCCESSFUL', 'SBX-HOT-2', NULL, NULL, interval '5 minutes',
        p_reversal_check_after => interval '1 hour')`;
      expect(await queueRows(tx, row!.id)).toEqual({ requery: null, check: null });
    });
  });
});
