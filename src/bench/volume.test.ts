/**
 * The volume benchmark downloads an invoice and checks it line for line against a count taken before
 * its purchase loads, which buy into the current Lagos month. On a day when the current month already
 * holds the most of the loaded data (late in a month, the data growing through the year), measuring the
 * biggest month meant measuring the month being written into, and the check failed (issue 39). The
 * generator's clock is pinned here to such a day, so the choice is tested whatever today's date is.
 * The account has test-mode transactions too, which the live invoice leaves out and so must the count.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceMonthOf } from "./volume";
import { loadVolume } from "./volume-data";

// The last day of a 31-day month after a 28-day one: the current month has a whole month at the year's
// highest rate, and its neighbour three days fewer.
const NOW = new Date("2027-03-31T12:00:00Z");
const CURRENT_MONTH = "2027-03";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let accountId = "";
let monthCounts: { period: string; count: number }[] = [];

beforeAll(async () => {
  const loaded = await loadVolume(
    process.env.DATABASE_URL!,
    { transactions: 600, accounts: 1, bigAccount: 600, testTransactions: 200 },
    NOW,
    () => {},
  );
  accountId = loaded.accountId;
  await client.connect();
  const { rows } = await client.query<{ period: string; count: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') AS period, count(*) FROM transactions
     WHERE account_id = $1 AND livemode GROUP BY 1 ORDER BY 2 DESC, 1 DESC`,
    [accountId],
  );
  monthCounts = rows.map((row) => ({ period: row.period, count: Number(row.count) }));
}, 60_000);

afterAll(async () => {
  await client.end();
});

/** The account's live fundings in a Lagos month: each is a row of the invoice CSV too. */
async function fundingsIn(period: string): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    `SELECT count(*) FROM ledger_entries WHERE account_id = $1 AND livemode AND kind = 'FUNDING'
       AND to_char(created_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') = $2`,
    [accountId, period],
  );
  return Number(rows[0]!.count);
}

describe("the volume benchmark's invoice month", () => {
  it("is the biggest closed month, even when the current month holds the most transactions", async () => {
    // The case of issue 39, so the test means something on any date.
    expect(monthCounts[0]!.period).toBe(CURRENT_MONTH);
    const biggestClosed = monthCounts.find((month) => month.period < CURRENT_MONTH)!;

    const chosen = await invoiceMonthOf(client, accountId, NOW);

    expect(chosen).toEqual({ period: biggestClosed.period, rows: biggestClosed.count, fundings: await fundingsIn(biggestClosed.period) });
  });

  it("is the month before the current one, empty, when no closed month holds a transaction", async () => {
    // A run whose clock is a year before the data's end: no loaded month is closed yet.
    const yearBefore = new Date("2026-03-31T12:00:00Z");

    expect(await invoiceMonthOf(client, accountId, yearBefore)).toEqual({ period: "2026-02", rows: 0, fundings: 0 });
  });

  it("counts a Lagos month from its first Lagos instant", async () => {
    // 2027-03-31T23:30Z is already 1 April in Lagos: March is then closed, and the biggest.
    const aprilInLagos = new Date("2027-03-31T23:30:00Z");

    expect(await invoiceMonthOf(client, accountId, aprilInLagos)).toEqual({
      period: CURRENT_MONTH,
      rows: monthCounts[0]!.count,
      fundings: await fundingsIn(CURRENT_MONTH),
    });
  });
});
