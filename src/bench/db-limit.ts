/**
 * The database's ceiling for the purchase path, for reference: the same two statements a purchase
 * makes (begin_purchase, then settle_purchase as successful) issued directly with pg at the same
 * concurrency, with no HTTP and no framework. The HTTP purchase can at best approach this.
 */
import pg from "pg";
import type { ScenarioResult } from "./load";

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

export async function runDbLimit(options: {
  databaseUrl: string;
  accountId: string;
  keyId: string;
  connections: number;
  seconds: number;
}): Promise<ScenarioResult> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let sequence = 0;
  const deadline = Date.now() + options.seconds * 1000;

  const worker = async () => {
    while (Date.now() < deadline) {
      const reference = `dblimit-${process.pid}-${sequence++}`;
      const started = performance.now();
      try {
        const { rows } = await pool.query(
          `SELECT id FROM begin_purchase($1, $2, 'DATA', 'fingerprint', 'mtn-1gb-30d', 'mtn', 'MTN 1GB', '08031234567', NULL,
             28000, 'API', $3, NULL, '127.0.0.1', interval '60 seconds')`,
          [options.accountId, reference, options.keyId],
        );
        await pool.query(`SELECT id FROM settle_purchase($1, 'SUCCESSFUL', 'SBX-BENCH', NULL, NULL, interval '5 seconds')`, [rows[0].id]);
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = (Date.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round((latencies.length / elapsed) * 10) / 10,
    p50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
    errors,
    requests: latencies.length,
  };
}
