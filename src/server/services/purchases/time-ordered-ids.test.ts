/**
 * A purchase's transaction and its vend attempt get time-ordered ids (UUID version 7, prisma/sql/ids/
 * uuid_v7.sql): their first 48 bits are the Unix time in milliseconds, so purchases made one after another
 * sort by id in the order they were made, and their index entries go to the newest pages of the indexes
 * (docs/decisions/030-time-ordered-ids.md). Random (version 4) ids would fail every assertion here.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { purchaseData } from "./purchase-data";

/** The Unix milliseconds a version 7 UUID carries in its first 48 bits. */
const millisecondsOf = (id: string) => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
const versionOf = (id: string) => id[14];
const VARIANT_RFC_9562 = /^[89ab]$/;

describe("a purchase's ids", () => {
  it("are version 7 UUIDs carrying the time they were made, in the order the purchases were made", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    const before = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { transaction } = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" });
      ids.push(transaction.id);
      // The next purchase in a later millisecond, so the order is the clock's, not the random bits'.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const after = Date.now();

    for (const id of ids) {
      expect(versionOf(id)).toBe("7");
      expect(id[19]).toMatch(VARIANT_RFC_9562);
      expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before);
      expect(millisecondsOf(id)).toBeLessThanOrEqual(after);
    }
    expect([...ids].sort()).toEqual(ids);

    const attempts = await db.$queryRaw<{ id: string; transaction_id: string }[]>`
      SELECT id::text, transaction_id::text FROM vend_attempts WHERE transaction_id = ANY(${ids}::uuid[])`;
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) {
      expect(versionOf(attempt.id)).toBe("7");
      expect(millisecondsOf(attempt.id)).toBeGreaterThanOrEqual(millisecondsOf(attempt.transaction_id));
    }
  });

  it("differ when made in the same millisecond", async () => {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT uuid_v7()::text AS id FROM generate_series(1, 1000)`;
    expect(new Set(rows.map((row) => row.id)).size).toBe(1000);
    for (const row of rows) expect(versionOf(row.id)).toBe("7");
  });
});
