/**
 * The volume benchmark's database settings (docs/decisions/029-volume-database-settings.md): by default
 * shared_buffers at a quarter of the machine's memory, or exactly what BENCH_VOLUME_PG_SETTINGS names; a
 * malformed setting stops the run before a cluster starts, naming what was wrong.
 */
import { describe, expect, it } from "vitest";
import { volumeDatabaseSettings } from "./volume";

const GB = 2 ** 30;

describe("volumeDatabaseSettings", () => {
  it("gives shared_buffers a quarter of the memory when nothing is set", () => {
    expect(volumeDatabaseSettings(undefined, 24 * GB)).toEqual({ shared_buffers: "6144MB" });
    expect(volumeDatabaseSettings("  ", 8 * GB)).toEqual({ shared_buffers: "2048MB" });
  });

  it("takes every name=value pair it is given, and nothing of its own", () => {
    expect(volumeDatabaseSettings("shared_buffers=128MB, wal_compression = pglz,max_wal_size=16GB", 24 * GB)).toEqual({
      shared_buffers: "128MB",
      wal_compression: "pglz",
      max_wal_size: "16GB",
    });
  });

  it("refuses a pair that is not name=value", () => {
    expect(() => volumeDatabaseSettings("shared_buffers", 24 * GB)).toThrow(/"shared_buffers" is not name=value/);
    expect(() => volumeDatabaseSettings("shared_buffers=4GB,", 24 * GB)).toThrow(/"" is not name=value/);
    expect(() => volumeDatabaseSettings("shared buffers=4GB", 24 * GB)).toThrow(/not name=value/);
  });
});
