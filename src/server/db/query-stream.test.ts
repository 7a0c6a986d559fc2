/**
 * streamRows' promise about connections: its pool is small (exports are few and long), so a stream that
 * kept a connection it no longer needs would make the next download wait for ever. Each case uses the
 * pool more times than it has connections; a leak shows as a read that never finishes.
 */
import { describe, expect, it } from "vitest";
import { streamRows } from "./query-stream";

const MORE_THAN_THE_POOL = 10;
const SERIES = "SELECT g FROM generate_series(1, $1::int) AS g";

/** The promise's value, or a failure naming what waited: a leaked connection shows as a wait, not a hang. */
async function within<T>(what: string, promise: Promise<T>, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} waited ${ms} ms: a stream kept its connection`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function countRows(rows: AsyncIterable<{ g: number }>): Promise<number> {
  let count = 0;
  for await (const _row of rows) count++;
  return count;
}

describe("streamRows", () => {
  it("takes no connection for rows that are never read", async () => {
    const unread = [];
    for (let i = 0; i < MORE_THAN_THE_POOL; i++) unread.push(await within("an unread stream", Promise.resolve(streamRows(SERIES, [5]))));

    expect(await within("a read after unread streams", countRows(streamRows(SERIES, [2_500])))).toBe(2_500);
    expect(unread).toHaveLength(MORE_THAN_THE_POOL);
  });

  it("gives the connection back, cursor closed, when the reader stops early", async () => {
    for (let i = 0; i < MORE_THAN_THE_POOL; i++) {
      const read = (async () => {
        for await (const row of streamRows<{ g: number }>(SERIES, [100_000], 100)) if (row.g === 150) break;
      })();
      await within(`early stop ${i + 1}`, read);
    }
    // A cursor left open on a returned connection would fail or mix into this read.
    expect(await within("a full read after early stops", countRows(streamRows(SERIES, [3_000])))).toBe(3_000);
  });

  it("gives the connection back when the query fails part-way", async () => {
    for (let i = 0; i < MORE_THAN_THE_POOL; i++) {
      const failing = countRows(streamRows("SELECT 1 / (1500 - g) AS g FROM generate_series(1, 3000) AS g", [], 100));
      await expect(within(`failing read ${i + 1}`, failing)).rejects.toThrow(/division by zero/);
    }
    expect(await within("a read after failures", countRows(streamRows(SERIES, [10])))).toBe(10);
  });
});
