/**
 * The volume scenario's test-mode data (docs/performance.md "Test mode at volume"): spread over the
 * accounts as the live transactions are, so the big account the scenario measures has its share; every
 * test wallet's ledger adding up, as ledger:check proves; and none of it in the daily totals, which
 * count live purchases only, as the triggers do.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { searchCondition } from "~/server/services/transactions/transaction-reads";
import { db } from "~/server/db";
import { dailyTotalsDiffering, loadVolume, type LoadedVolume } from "./volume-data";

const SIZE = { transactions: 2000, accounts: 5, bigAccount: 1000, testTransactions: 1000 };
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let loaded: LoadedVolume;

beforeAll(async () => {
  loaded = await loadVolume(process.env.DATABASE_URL!, SIZE, new Date("2027-03-31T12:00:00Z"), () => {});
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client.end();
});

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ count: string }>(sql, values);
  return Number(rows[0]!.count);
}

describe("the volume scenario's test-mode data", () => {
  it("gives the big account the share of the test transactions it has of the live ones", async () => {
    const big = await count("SELECT count(*) FROM transactions WHERE NOT livemode AND account_id = $1", [loaded.accountId]);

    expect(loaded.testTransactions).toBe(SIZE.testTransactions);
    expect(await count("SELECT count(*) FROM transactions WHERE NOT livemode")).toBe(SIZE.testTransactions);
    // Half of the live ones are the big account's: about half of the test ones too.
    expect(big / SIZE.testTransactions).toBeGreaterThan(0.4);
    expect(big / SIZE.testTransactions).toBeLessThan(0.6);
  });

  it("leaves every wallet, test ones too, at its ledger's sum", async () => {
    const check = await checkLedger({ kind: "system" });

    expect(check).toMatchObject({ ok: true, accounts: SIZE.accounts, mismatches: [] });
    expect(await count("SELECT count(*) FROM wallets WHERE NOT livemode")).toBe(SIZE.accounts);
    expect(await count("SELECT count(*) FROM ledger_entries WHERE NOT livemode")).toBe(loaded.testLedgerEntries);
  });

  it("counts live transactions only in the daily totals", async () => {
    expect(await dailyTotalsDiffering(client, "livemode")).toBe(0);
    // …and the test rows would have shown: a count of every transaction differs.
    expect(await dailyTotalsDiffering(client, "true")).toBeGreaterThan(0);
  });
});

describe("the volume scenario's purchases", () => {
  it("writes what a purchase writes beside itself: the queue row of a pending one, the attempt that holds its reference", async () => {
    expect(await count("SELECT count(*) FROM purchase_requeries")).toBe(
      await count("SELECT count(*) FROM transactions WHERE status = 'PENDING'"),
    );
    const referenced = await count("SELECT count(*) FROM transactions WHERE provider_reference IS NOT NULL");
    expect(referenced).toBeGreaterThan(0);
    expect(await count("SELECT count(*) FROM vend_attempts WHERE provider_reference IS NOT NULL")).toBe(referenced);
    // So the portal's reference search, which reads the attempts, finds a loaded purchase by its reference.
    const { rows } = await client.query<{ id: string; provider_reference: string }>(
      "SELECT id, provider_reference FROM transactions WHERE provider_reference IS NOT NULL AND livemode ORDER BY id LIMIT 1",
    );
    const found = await db.$queryRaw<
      { id: string }[]
    >`SELECT t.id FROM transactions t WHERE ${searchCondition(rows[0]!.provider_reference)}`;
    expect(found.map(({ id }) => id)).toContain(rows[0]!.id);
  });
});
