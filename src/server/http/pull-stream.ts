/**
 * A download's body as a web stream that takes the next chunk only when the response asks for more,
 * and stops the source when the client goes away. (Readable.toWeb in Node 20 reads ahead without
 * limit, so a million-row CSV would pile up in memory whenever the client is slower than the database.)
 */
import { logger } from "~/server/log";

export function pullStream(chunks: AsyncIterable<string | Uint8Array>, what: string): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
        } catch (error) {
          // The status line has gone already; the log is the only place this can be seen.
          logger.error({ err: error }, `${what} failed mid-stream`);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
