/**
 * Keeps `npm run bench -- --volume` runnable (docs/performance.md "Performance at volume"): the whole scenario at a
 * small size (a few thousand transactions, 1 s of load, 2 timed calls per read) must complete and write
 * its JSON, with every measurement actually made: requests answered, downloads complete with a line per
 * transaction, the ledger checks passing, issue 20's migrations and test mode's applied under load with
 * the daily totals exact and today's definitions back afterwards, test mode's prune of a year's test data
 * done under load with nothing older left and the live totals and the ledger exact. Run twice
 * (`--repeat 2`), so the medians of several runs are kept runnable too. The figures themselves are not
 * asserted: they belong to a quiet machine at full size.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TRANSACTIONS = 3000;
const TEST_TRANSACTIONS = 600;

describe("npm run bench -- --volume", () => {
  it("measures the empty and the loaded database and writes the volume JSON", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-volume-smoke-"));
    const out = path.join(dir, "bench.json");
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "src/bin/bench.ts", "--volume", "--repeat", "2"],
          {
            env: {
              ...process.env,
              BENCH_SECONDS: "1",
              BENCH_VOLUME_ITERATIONS: "2",
              BENCH_VOLUME_TRANSACTIONS: String(TRANSACTIONS),
              BENCH_VOLUME_ACCOUNTS: "5",
              BENCH_VOLUME_BIG_ACCOUNT: "1000",
              BENCH_VOLUME_TEST_TRANSACTIONS: String(TEST_TRANSACTIONS),
              // Not the default (a quarter of the memory): the run must report these, so they reached the cluster.
              BENCH_VOLUME_PG_SETTINGS: "shared_buffers=48MB,work_mem=8MB",
              BENCH_OUT: out,
            },
            timeout: 300_000,
          },
          (error, _stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
        );
      });
      const { volume, runs, databaseSettings } = JSON.parse(readFileSync(out, "utf8"));
      expect(databaseSettings).toMatchObject({ shared_buffers: "48MB", work_mem: "8MB" });
      // Each run complete, and the top level their medians, judged again.
      expect(runs).toHaveLength(2);
      for (const run of runs) expect(run.volume.table).toHaveLength(volume.table.length);
      const purchaseRps = volume.table.find((row: { measurement: string }) => row.measurement === "purchase rps");
      const runRps = runs.map((run: { volume: { loaded: { purchase: { rps: number } } } }) => run.volume.loaded.purchase.rps);
      expect(purchaseRps.volume).toBeCloseTo((runRps[0] + runRps[1]) / 2, 1);
      expect(volume.size).toEqual({ transactions: TRANSACTIONS, accounts: 5, bigAccount: 1000, testTransactions: TEST_TRANSACTIONS });
      expect(volume.load).toMatchObject({
        transactions: TRANSACTIONS,
        ledgerEntries: expect.any(Number),
        testTransactions: TEST_TRANSACTIONS,
      });
      expect(volume.load.testLedgerEntries).toBeGreaterThan(TEST_TRANSACTIONS);
      expect(volume.load.ledgerEntries).toBeGreaterThan(TRANSACTIONS);

      for (const side of [volume.empty, volume.loaded]) {
        for (const [name, timing] of Object.entries(side.reads)) {
          expect(timing, name).toMatchObject({ p50Ms: expect.any(Number), p95Ms: expect.any(Number), runs: 2 });
        }
        // Each search and filter found what it looked for on the loaded database's big account.
        expect(side.reads.restFirstPage.rows).toBeGreaterThan(0);
        expect(side.reads.searchReference.rows).toBeGreaterThan(0);
        expect(side.reads.searchRecipient.rows).toBeGreaterThan(0);
        expect(side.reads.searchRecipientEnd.rows).toBeGreaterThan(0);
        expect(side.reads.operatorSearchLastFour.rows).toBeGreaterThan(0);
        expect(side.reads.operatorSearchReference.rows).toBeGreaterThan(0);
        expect(side.reads.dashboard.rows).toBe(30);
        expect(side.reads.invoiceMonths.rows).toBeGreaterThan(0);
        // The landing counted the accounts it was given (the figure rows returns).
        expect(side.reads.operatorLanding.rows).toBeGreaterThan(0);
        expect(side.purchase.requests).toBeGreaterThan(0);
        expect(side.purchase.errors).toBe(0);
        expect(side.purchase).toMatchObject({ serverCpuUsPerRequest: expect.any(Number), databaseCpuUsPerRequest: expect.any(Number) });
        // Complete downloads (the scenario itself fails on a CSV short of a line per transaction + header).
        expect(side.invoicePdf).toMatchObject({ pdf: true, peakRssMb: expect.any(Number) });
        // A line per transaction and per funding of the month, and the heading.
        expect(side.invoiceCsv.lines).toBe(side.subject.monthTransactions + side.subject.monthFundings + 1);
        expect(side.ledgerCheck.account).toMatchObject({ ok: true, accounts: 1, mismatches: 0 });
        expect(side.ledgerCheck.all).toMatchObject({ ok: true, mismatches: 0 });
        expect(side.ledgerCheck.underLoad.check.ok).toBe(true);
        expect(side.ledgerCheck.underLoad.purchases.requests).toBeGreaterThan(0);
        expect(side.ledgerCheck.underLoad.purchases.errors).toBe(0);
      }
      expect(volume.loaded.reads.restDeepPage.rows).toBeGreaterThan(0);
      expect(volume.loaded.ledgerCheck.all.accounts).toBe(5);
      expect(volume.loaded.ledgerCheck.all.transactions).toBeGreaterThanOrEqual(TRANSACTIONS);

      // Issue 20's seven and test mode's three (the validation of its keys, its two partial indexes).
      expect(volume.migration.applied).toHaveLength(10);
      expect(volume.migration.applied).toEqual(expect.arrayContaining(["20261124120400_test_mode_validate"]));
      expect(volume.migration.purchases.requests).toBeGreaterThan(0);
      expect(volume.migration.purchases.errors).toBe(0);
      // Every transaction, test ones too, counted once by the replayed backfill and triggers; then the
      // daily totals' trigger as today's migrations define it (live purchases only) is back.
      expect(volume.migration.totalsExact).toBe(true);
      expect(volume.migration.definitionsRestored).toContain("prisma/sql/daily-totals/account_daily_totals_on_change.sql");

      // Test mode's prune under load: a year of test data kept until then (no server's worker pruned it
      // first), pruned to its last 90 days: about three quarters of it deleted, none of it older left,
      // the live daily totals untouched and the ledger (test wallets carried forward) still adding up.
      expect(volume.prune.testTransactions).toBe(TEST_TRANSACTIONS);
      expect(volume.prune.prunedTransactions).toBeGreaterThan(TEST_TRANSACTIONS / 2);
      expect(volume.prune.countsAgree).toBe(true);
      expect(volume.prune.nothingLeft).toBe(true);
      expect(volume.prune.totalsExact).toBe(true);
      expect(volume.prune.ledgerCheck.ok).toBe(true);
      expect(volume.prune.purchases).toMatchObject({ p99Ms: expect.any(Number), maxMs: expect.any(Number), errors: 0 });
      expect(volume.prune.purchases.requests).toBeGreaterThan(0);
      const measurements = volume.table.map((row: { measurement: string }) => row.measurement);
      expect(measurements).toEqual(
        expect.arrayContaining([
          "test-data prune to 90 days, every account",
          "purchases during the test-data prune: p99",
          "purchases during the test-data prune: longest",
        ]),
      );

      expect(volume.table.length).toBeGreaterThan(20);
      for (const row of volume.table) {
        expect(row, row.measurement).toMatchObject({ measurement: expect.any(String), target: expect.any(String) });
        expect(typeof row.empty === "number" && typeof row.volume === "number", row.measurement).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 330_000);
});
