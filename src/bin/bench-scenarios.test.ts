/**
 * Keeps issue 38's scenarios of `npm run bench` runnable (docs/performance.md "A slow upstream", "A
 * day's mix", "The purchase in the database"): a small run of each (a 200 ms upstream, 50 connections,
 * 3 s per route) must complete and report what the docs say it reports, every measurement actually
 * made. The figures themselves are not asserted: they belong to a quiet machine at full size. The
 * older scenarios are kept runnable by bench.test.ts.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SLOW_CONNECTIONS = 50;

describe("npm run bench: slowUpstream, mixed, purchaseStatements", () => {
  it("runs the scenarios and writes their figures", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-scenarios-smoke-"));
    const out = path.join(dir, "bench.json");
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "src/bin/bench.ts"],
          {
            env: {
              ...process.env,
              // Long enough for every route of the mix to be answered a few times on a busy shared machine.
              BENCH_SECONDS: "3",
              BENCH_ONLY: "purchaseStatements,slowUpstream,mixed",
              BENCH_UPSTREAM_DELAY_MS: "200",
              BENCH_SLOW_CONNECTIONS: String(SLOW_CONNECTIONS),
              BENCH_OUT: out,
            },
            timeout: 240_000,
          },
          (error, _stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
        );
      });
      const results = JSON.parse(readFileSync(out, "utf8"));

      // The slow upstream: the load's figures, its target, the server's memory, the pool's waits and
      // longest hold, and the same load through an upstream answering at once.
      const phase = {
        rps: expect.any(Number),
        p50Ms: expect.any(Number),
        p99Ms: expect.any(Number),
        errors: 0,
        peakRssMb: expect.any(Number),
        purchasesBegun: expect.any(Number),
        cpuUsPerPurchase: { server: expect.any(Number), database: expect.any(Number), loadAndUpstream: expect.any(Number) },
        poolWaits: {
          acquisitions: expect.any(Number),
          waited: expect.any(Number),
          waitedMs: expect.any(Number),
          longestWaitMs: expect.any(Number),
          longestHeldMs: expect.any(Number),
        },
      };
      const slow = results.slowUpstream;
      expect(slow).toMatchObject({
        ...phase,
        delayMs: 200,
        connections: SLOW_CONNECTIONS,
        targetRps: expect.any(Number),
        ratioToTarget: expect.any(Number),
        // The same purchases through an upstream answering at once.
        instant: phase,
        ratioToInstant: expect.any(Number),
      });
      expect(slow.instant.requests).toBeGreaterThan(0);
      // Every purchase held a connection for a statement at least.
      expect(slow.poolWaits.longestHeldMs).toBeGreaterThan(0);
      expect(slow.targetRps).toBeLessThanOrEqual(SLOW_CONNECTIONS / 0.2);
      expect(slow.requests).toBeGreaterThan(0);
      expect(slow.peakRssMb).toBeGreaterThan(0);
      // Every purchase answered was begun in the phase; the CPU figures are per purchase begun.
      expect(slow.purchasesBegun).toBeGreaterThanOrEqual(slow.requests);
      expect(slow.cpuUsPerPurchase.server).toBeGreaterThan(0);
      // Every purchase took connections (the counters count), two statements' worth at least.
      expect(slow.poolWaits.acquisitions).toBeGreaterThanOrEqual(2 * slow.requests);
      expect(slow.limits).toMatchObject({
        descriptorsNeeded: expect.any(Number),
        benchOpenFiles: expect.any(Number),
        serverOpenFiles: expect.any(Number),
      });
      // One vend in ten never answered: each ended pending and the reconciler settled it; nothing lost.
      const timeouts = slow.timeouts;
      expect(timeouts).toMatchObject({ ...phase, errors: 0, pending: 0, failed: 0 });
      expect(timeouts.timedOut).toBeGreaterThan(0);
      expect(timeouts.answeredPending).toBeGreaterThan(0);
      expect(timeouts.answeredPending).toBeLessThanOrEqual(timeouts.timedOut);
      expect(timeouts.timedOutSettled).toBe(timeouts.timedOut);
      expect(timeouts.settledByReconciler).toBeGreaterThanOrEqual(timeouts.timedOut);
      expect(timeouts.successful).toBe(timeouts.purchases);

      // The day's mix: every route answered in the mix and alone, with its ratio; webhooks delivered.
      const mixed = results.mixed;
      expect(Object.keys(mixed.routes).sort()).toEqual(["balance", "events", "plans", "purchase", "replay", "transactions", "verify"]);
      for (const [route, figures] of Object.entries<Record<string, unknown>>(mixed.routes)) {
        expect(figures, route).toMatchObject({
          rps: expect.any(Number),
          p50Ms: expect.any(Number),
          p99Ms: expect.any(Number),
          errors: 0,
          aloneP99Ms: expect.any(Number),
          aloneErrors: 0,
          p99Ratio: expect.any(Number),
        });
        expect(figures.requests, route).toBeGreaterThan(0);
      }
      // The mix's proportions: purchases five times the verifications, within what one second allows.
      expect(mixed.routes.purchase.requests).toBeGreaterThan(mixed.routes.verify.requests * 3);
      expect(mixed.worstP99Ratio).toBe(Math.max(...Object.values<{ p99Ratio: number }>(mixed.routes).map((route) => route.p99Ratio)));
      expect(mixed.webhookDeliveries).toBeGreaterThan(0);

      // The purchase in the database: per statement (pg_stat_statements loads in the embedded
      // PostgreSQL), per function, the settings, and the database CPU over the bare route's.
      const statements = results.databaseStatements;
      expect(statements.pgStatStatements).toBe(true);
      // Per purchase the database began (those in flight when the load stopped included).
      expect(statements.requests).toBe(results.scenarios.purchaseStatements.requests);
      expect(statements.purchases).toBeGreaterThanOrEqual(statements.requests);
      expect(statements.statements.length).toBeGreaterThan(0);
      expect(statements.statements.map((row: { function: string | null }) => row.function)).toEqual(
        expect.arrayContaining(["begin_data_purchase", "settle_purchase"]),
      );
      expect(statements.statements.some((row: { toplevel: boolean }) => !row.toplevel)).toBe(true);
      expect(statements.functions.map((row: { name: string }) => row.name)).toEqual(
        expect.arrayContaining(["begin_data_purchase", "settle_purchase"]),
      );
      expect(statements.settings).toMatchObject({ jit: expect.any(String), plan_cache_mode: expect.any(String) });
      expect(results.purchaseDatabaseCpuOverBaseline).toEqual(expect.any(Number));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
