/**
 * How often taking a connection from a process's database pool had to queue for one to be released,
 * and for how long in all. DESIGN.md §3.3.7 promises that no connection, transaction or lock is held
 * across a vend, so however many purchases wait on a slow upstream, these stay where the requests
 * around the vend put them; the benchmark's slowUpstream scenario reads them (GET /api/bench/pool,
 * BENCH_ROUTES=1) to prove it.
 *
 * Kept on globalThis: every copy of the database module bundled into one process (the custom
 * server's, the route chunks') counts into the same figures.
 */
import type pg from "pg";

export interface PoolWaits {
  /** Connections taken from the pool (each query outside a transaction takes one). */
  acquisitions: number;
  /** Of those, how many found no idle connection and no room for a new one, and queued. */
  waited: number;
  /** Time spent queued, in all, milliseconds. */
  waitedMs: number;
  /**
   * The longest single wait, milliseconds, since the process started. A connection held across a vend
   * would make some wait about as long as the vend; requests arriving in a burst wait for milliseconds.
   */
  longestWaitMs: number;
}

const KEY = Symbol.for("reseller-platform.poolWaits");
const store = globalThis as unknown as { [KEY]?: PoolWaits };

export function poolWaits(): PoolWaits {
  return (store[KEY] ??= { acquisitions: 0, waited: 0, waitedMs: 0, longestWaitMs: 0 });
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: unknown) => void) => void;

/**
 * Counts the pool's acquisitions into poolWaits(). pg-pool queues a request when it has no idle
 * connection to spare (the queue ahead of it takes them first) and no room to open another; pool.query
 * and the Prisma adapter both take connections through connect(), so wrapping it sees every one.
 */
export function countPoolWaits(pool: pg.Pool, max: number): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const counted = (callback?: ConnectCallback) => {
    const waits = poolWaits();
    waits.acquisitions += 1;
    if (pool.totalCount < max || pool.idleCount > pool.waitingCount) return connect(callback);
    waits.waited += 1;
    const started = performance.now();
    const done = () => {
      const waited = performance.now() - started;
      waits.waitedMs += waited;
      waits.longestWaitMs = Math.max(waits.longestWaitMs, waited);
    };
    if (callback) {
      return connect((error, client, release) => {
        done();
        callback(error, client, release);
      });
    }
    return connect()!.finally(done);
  };
  (pool as unknown as { connect: typeof counted }).connect = counted;
}
