/**
 * Streaming reads for exports (a month of a million transactions): rows come from a server-side
 * cursor in batches, so memory stays bounded however large the result. Prisma cannot stream, so this
 * uses node-postgres directly with pg-query-stream, on a small pool of its own.
 *
 * A cursor lives in one server connection across many round trips (an open portal fetched batch by
 * batch), for as long as the download takes: seconds, or minutes for a large month. Through a
 * transaction pooler it would depend on the pooler keeping that connection (PgBouncer's documentation
 * lists cursors as session state) and would hold one of its few server connections the whole time, so
 * this pool connects to DIRECT_DATABASE_URL (DATABASE_URL when there is no pooler).
 */
import pg from "pg";
import QueryStream from "pg-query-stream";
import { directDatabaseUrl } from "~/env";
import { logger } from "~/server/log";

let pool: pg.Pool | undefined;

function streamPool(): pg.Pool {
  const url = directDatabaseUrl();
  if (!url) throw new Error("DATABASE_URL is not set");
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    // An idle connection closed by the server (a restart, a failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on("error", (error: Error & { code?: string }) =>
      logger.warn({ error: error.message, code: error.code }, "idle export connection lost"),
    );
  }
  return pool;
}

/**
 * Rows of a query, read from a cursor in batches. Nothing is taken from the pool until the first row is
 * asked for, so rows never read (a HEAD request, a client gone before the first byte) hold no connection.
 * The connection goes back when the rows end, fail, or the reader stops early; stopping early closes the
 * cursor first, so the next borrower never finds it open.
 */
export async function* streamRows<Row>(text: string, values: unknown[], batchSize = 1000): AsyncGenerator<Row, void, undefined> {
  const client = await streamPool().connect();
  const stream = client.query(new QueryStream(text, values, { batchSize }));
  const closed = new Promise<void>((resolve) => stream.once("close", () => resolve()));
  let failure: Error | undefined;
  try {
    for await (const row of stream) yield row as Row;
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    stream.destroy();
    await closed;
    client.release(failure);
  }
}
