/**
 * Keeps `npm run bench` runnable: a tiny run (1 s per scenario, a small invoice and webhook backlog) must complete and
 * write the documented JSON. The scenarios of issue 38 are bench-scenarios.test.ts's. The figures themselves are not asserted: they belong to the benchmark,
 * measured on a quiet machine, not to a test sharing the CPU with others.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("npm run bench", () => {
  it("runs every scenario and writes the results JSON", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-smoke-"));
    const out = path.join(dir, "bench.json");
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "src/bin/bench.ts"],
          {
            env: {
              ...process.env,
              BENCH_SECONDS: "1",
              // Issue 38's scenarios have a smoke test of their own (bench-scenarios.test.ts): together they
              // would run past this one's time budget on a shared machine.
              BENCH_ONLY:
                "postBaseline,plans,balance,purchase,replay,dbLimit,purchase2Processes,purchaseUnnamed,purchasePooled,webhooks,batch,invoice",
              BENCH_INVOICE_ROWS: "2000",
              BENCH_WEBHOOK_BACKLOG: "500",
              BENCH_BATCH_ORDERS: "200",
              BENCH_OUT: out,
            },
            timeout: 240_000,
          },
          (error, _stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
        );
      });
      const results = JSON.parse(readFileSync(out, "utf8"));
      for (const name of [
        "baseline",
        "plans",
        "balance",
        "purchase",
        "replay",
        "dbLimit",
        "purchase2Processes",
        "purchaseUnnamed",
        "purchasePooled",
      ]) {
        expect(results.scenarios[name], name).toMatchObject({
          rps: expect.any(Number),
          p50Ms: expect.any(Number),
          p99Ms: expect.any(Number),
          errors: expect.any(Number),
          requests: expect.any(Number),
        });
        expect(results.scenarios[name].requests, name).toBeGreaterThan(0);
      }
      // CPU per request: measured for the HTTP scenarios (dbLimit has no server).
      expect(results.scenarios.purchase).toMatchObject({
        serverCpuUsPerRequest: expect.any(Number),
        databaseCpuUsPerRequest: expect.any(Number),
      });
      expect(Object.keys(results.ratios).sort()).toEqual(["balance", "plans", "purchase", "replay"]);
      expect(results.invoice).toMatchObject({ rows: 2000, seconds: expect.any(Number), peakRssMb: expect.any(Number) });
      expect(results.batch).toMatchObject({
        orders: 200,
        ordersPerSecond: expect.any(Number),
        purchaseRatio: expect.any(Number),
        singleAlone: { p50Ms: expect.any(Number), p99Ms: expect.any(Number) },
        singleBesideBatch: { p50Ms: expect.any(Number), p99Ms: expect.any(Number) },
      });
      expect(results.batch.singleBesideBatch.rps).toBeGreaterThan(0);
      // The webhook figures and their ratios (src/bench/webhooks.ts), delivered by the server and by a worker process.
      const mode = {
        purchaseRpsWithoutReceiver: expect.any(Number),
        purchaseCpuUs: { server: expect.any(Number), database: expect.any(Number) },
        purchaseRpsWithSlowReceiver: expect.any(Number),
        purchaseRatio: expect.any(Number),
        slowReceiverDeliveriesPerSecond: expect.any(Number),
        slowReceiverDeliveriesPerSecondAlone: expect.any(Number),
        deliveriesPerSecond: expect.any(Number),
        deliveryRateRatio: expect.any(Number),
        deliveryCpuUs: { server: expect.any(Number), database: expect.any(Number) },
        deliveryCpuRatio: expect.any(Number),
        purchaseErrors: 0,
      };
      expect(results.webhooks).toMatchObject({ ...mode, separateWorker: mode });
      expect(results.webhooks.backlog).toBeGreaterThan(0);
      expect(results.webhooks.separateWorker.backlog).toBeGreaterThan(0);
      expect(results.scaling).toMatchObject({ purchaseRps1Process: expect.any(Number), purchaseRps2Processes: expect.any(Number) });
      // Through a real PgBouncer, which reports its own CPU; no purchase failed behind it.
      expect(results.scenarios.purchasePooled).toMatchObject({ poolerCpuUsPerRequest: expect.any(Number), errors: 0 });
      expect(results.scenarios.purchaseUnnamed.errors).toBe(0);
      expect(results.pooling).toMatchObject({ pooledRatio: expect.any(Number), unnamedRatio: expect.any(Number) });
      // Every run is kept beside the medians (one run here: the medians are that run's figures).
      expect(results.runs).toHaveLength(1);
      expect(results.runs[0].ratios).toEqual(results.ratios);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
