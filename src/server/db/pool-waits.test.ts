/**
 * The pool's wait counters (src/server/db/pool-waits.ts), which the slowUpstream benchmark reads to
 * prove that no request queues for a connection while vends are slow: an acquisition that finds a free
 * connection or room for one does not count as a wait; one that queues does, with the time it queued,
 * whether it came through connect() (the Prisma adapter) or pool.query (queryRows); and how long a
 * connection was out of the pool, which a connection held across a vend would make as long as the vend.
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { countPoolWaits, longestHeldMs, poolWaits } from "./pool-waits";

const pools: pg.Pool[] = [];

function countedPool(max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max });
  countPoolWaits(pool, max);
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("countPoolWaits", () => {
  it("does not count as a wait an acquisition that found a free connection or room for one", async () => {
    const pool = countedPool(2);
    const before = { ...poolWaits() };
    const first = await pool.connect(); // room for a new one
    first.release();
    await pool.query("SELECT 1"); // the idle one
    const second = await pool.connect();
    const third = await pool.connect(); // room for the second
    second.release();
    third.release();
    expect(poolWaits().acquisitions - before.acquisitions).toBe(4);
    expect(poolWaits().waited - before.waited).toBe(0);
  });

  it("counts an acquisition that queued for a connection, through connect() and through pool.query, and how long it queued", async () => {
    const pool = countedPool(1);
    const before = { ...poolWaits() };
    const held = await pool.connect();
    const queuedQuery = pool.query<{ one: number }>("SELECT 1 AS one");
    const queuedConnect = pool.connect();
    await sleep(100);
    held.release();
    expect((await queuedQuery).rows).toEqual([{ one: 1 }]);
    (await queuedConnect).release();
    expect(poolWaits().acquisitions - before.acquisitions).toBe(3);
    expect(poolWaits().waited - before.waited).toBe(2);
    // Both queued for at least the 100 ms the connection was held.
    expect(poolWaits().waitedMs - before.waitedMs).toBeGreaterThanOrEqual(190);
    expect(poolWaits().longestWaitMs).toBeGreaterThanOrEqual(95);
  });

  it("times how long each connection is out of the pool, through connect() and through pool.query, one still out included", async () => {
    const pool = countedPool(2);
    poolWaits().longestHeldMs = 0;
    await pool.query("SELECT 1");
    const afterShortQuery = longestHeldMs();
    await pool.query("SELECT pg_sleep(0.15)");
    expect(poolWaits().longestHeldMs).toBeGreaterThanOrEqual(145);

    poolWaits().longestHeldMs = 0;
    const held = await pool.connect();
    await sleep(200);
    // Still out: counted from when it was taken.
    expect(longestHeldMs()).toBeGreaterThanOrEqual(195);
    expect(poolWaits().longestHeldMs).toBe(0);
    held.release();
    expect(poolWaits().longestHeldMs).toBeGreaterThanOrEqual(195);
    // Released, it is no longer counted as out: the longest stays what its hold was.
    await sleep(50);
    expect(longestHeldMs()).toBeLessThan(poolWaits().longestHeldMs + 1);
    // A query that does not sleep holds its connection for far less than the sleeping one.
    expect(afterShortQuery).toBeLessThan(145);
  });
});
