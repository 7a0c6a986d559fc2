/**
 * The server's reconciler schedule: a pass that outlasts the interval (a hung database, a slow
 * provider) delays the next one instead of running alongside it, and a stopped schedule starts none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "~/env";

const passes = vi.hoisted(() => ({ running: 0, maxRunning: 0, started: 0, durationMs: 0 }));

vi.mock("./reconcile-pending", () => ({
  reconcilePendingTransactions: async () => {
    passes.started += 1;
    passes.running += 1;
    passes.maxRunning = Math.max(passes.maxRunning, passes.running);
    if (passes.durationMs > 0) await new Promise((resolve) => setTimeout(resolve, passes.durationMs));
    passes.running -= 1;
    return { checked: 0, settled: 0, succeeded: 0, failed: 0, requeryErrors: 0, stillPending: 0 };
  },
}));

const { startReconciler } = await import("./reconciler-loop");

describe("the reconciler schedule", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(passes, { running: 0, maxRunning: 0, started: 0, durationMs: 0 });
  });
  afterEach(() => vi.useRealTimers());

  it("never runs two passes at once, however long a pass takes", async () => {
    passes.durationMs = env.RECONCILE_INTERVAL_MS * 3;
    const starting = startReconciler();
    await vi.advanceTimersByTimeAsync(passes.durationMs);
    const stop = await starting;
    await vi.advanceTimersByTimeAsync(env.RECONCILE_INTERVAL_MS * 20);
    stop();
    expect(passes.maxRunning).toBe(1);
    // Each pass is its own duration plus the interval: 20 intervals hold five of them, after the first.
    expect(passes.started).toBe(1 + 5);
  });

  it("runs a pass every interval when passes are quick, and none after it is stopped", async () => {
    const stop = await startReconciler();
    expect(passes.started).toBe(1);
    await vi.advanceTimersByTimeAsync(env.RECONCILE_INTERVAL_MS * 3);
    expect(passes.started).toBe(4);
    stop();
    await vi.advanceTimersByTimeAsync(env.RECONCILE_INTERVAL_MS * 5);
    expect(passes.started).toBe(4);
  });
});
