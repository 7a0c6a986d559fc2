/**
 * How often taking a connection from a process's database pool had to queue for one to be released,
 * for how long in all, and the longest any connection was out of the pool. DESIGN.md §3.3.7 promises
 * that no connection, transaction or lock is held across a vend: a connection held across one would be
 * out of the pool for the whole vend, which longestHeldMs shows whatever else the machine is doing,
 * while the waits count every queue, a held connection's or a busy machine's. The benchmark's
 * slowUpstream scenario reads them (GET /api/bench/pool, BENCH_ROUTES=1) to prove it.
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
  /**
   * The longest any connection was out of the pool, from its acquisition to its release, milliseconds,
   * since the process started, for connections released; longestHeldMs() adds those still out. A
   * statement keeps its connection for the statement and the event loop's turn to release it; a
   * transaction or lock held across a vend would keep it for the whole vend.
   */
  longestHeldMs: number;
}

const KEY = Symbol.for("reseller-platform.poolWaits");
const OUT = Symbol.for("reseller-platform.poolConnectionsOut");
const store = globalThis as unknown as { [KEY]?: PoolWaits; [OUT]?: Map<pg.PoolClient, number> };

export function poolWaits(): PoolWaits {
  return (store[KEY] ??= { acquisitions: 0, waited: 0, waitedMs: 0, longestWaitMs: 0, longestHeldMs: 0 });
}

/** The connections out of the pool now, each with when it was taken (performance.now()). */
function connectionsOut(): Map<pg.PoolClient, number> {
  return (store[OUT] ??= new Map());
}

/** poolWaits().longestHeldMs, or longer if a connection still out has been out longer. */
export function longestHeldMs(): number {
  const now = performance.now();
  let longest = poolWaits().longestHeldMs;
  for (const taken of connectionsOut().values()) longest = Math.max(longest, now - taken);
  return longest;
}

/** Times the client's hold: pg-pool gives every checkout a release function of its own, which this wraps. */
function timeHold(client: pg.PoolClient, waits: PoolWaits): void {
  const taken = performance.now();
  const release = client.release;
  connectionsOut().set(client, taken);
  client.release = (error?: Error | boolean) => {
    connectionsOut().delete(client);
    waits.longestHeldMs = Math.max(waits.longestHeldMs, performance.now() - taken);
    return release(error);
  };
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: Error | boolean) => void) => void;

/**
 * Counts the pool's acquisitions into poolWaits() and times each connection's hold. pg-pool queues a
 * request when it has no idle connection to spare (the queue ahead of it takes them first) and no room
 * to open another; pool.query and the Prisma adapter both take connections through connect() and give
 * them back through the client's release(), so wrapping those sees every one.
 */
export function countPoolWaits(pool: pg.Pool, max: number): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const counted = (callback?: ConnectCallback) => {
    const waits = poolWaits();
    waits.acquisitions += 1;
    const queued = pool.totalCount >= max && pool.idleCount <= pool.waitingCount;
    if (queued) waits.waited += 1;
    const asked = performance.now();
    const taken = (client: pg.PoolClient | undefined) => {
      if (queued) {
        const waited = performance.now() - asked;
        waits.waitedMs += waited;
        waits.longestWaitMs = Math.max(waits.longestWaitMs, waited);
      }
      if (client) timeHold(client, waits);
    };
    if (callback) {
      return connect((error, client, release) => {
        taken(client);
        callback(error, client, client?.release ?? release);
      });
    }
    return connect()!.then(
      (client) => {
        taken(client);
        return client;
      },
      (error: unknown) => {
        taken(undefined);
        throw error;
      },
    );
  };
  (pool as unknown as { connect: typeof counted }).connect = counted;
}
