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
import type { Readable } from "node:stream";
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

/** Rows of a query as an object stream; the connection returns to the pool when the stream ends or is destroyed. */
export async function streamRows<Row>(text: string, values: unknown[], batchSize = 1000): Promise<Readable & AsyncIterable<Row>> {
  const client = await streamPool().connect();
  const stream = client.query(new QueryStream(text, values, { batchSize }));
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  stream.once("end", () => release());
  stream.once("close", () => release());
  stream.once("error", (error) => release(error));
  return stream as unknown as Readable & AsyncIterable<Row>;
}
