import { describe, expect, it } from "vitest";
import { median, medianOf } from "./median";

describe("bench medians", () => {
  it("takes the middle of an odd number of runs and the mean of the middle two of an even number", () => {
    expect(median([0.52, 0.47, 0.5])).toBe(0.5);
    expect(median([3, 1, 4, 2])).toBe(2.5);
  });

  it("takes each figure's median separately, through nested objects, keeping the first run's text", () => {
    const runs = [
      { ratios: { plans: 0.9, purchase: 0.48 }, scenarios: { purchase: { rps: 600, p99Ms: 90 } }, machine: "a", invoice: null },
      { ratios: { plans: 0.8, purchase: 0.55 }, scenarios: { purchase: { rps: 500, p99Ms: 120 } }, machine: "b", invoice: null },
      { ratios: { plans: 0.85, purchase: 0.51 }, scenarios: { purchase: { rps: 550, p99Ms: 80 } }, machine: "c", invoice: null },
    ];
    expect(medianOf(runs)).toEqual({
      ratios: { plans: 0.85, purchase: 0.51 },
      scenarios: { purchase: { rps: 550, p99Ms: 90 } },
      machine: "a",
      invoice: null,
    });
  });

  it("holds a check only if it held in every run", () => {
    expect(medianOf([{ ok: true }, { ok: false }, { ok: true }])).toEqual({ ok: false });
    expect(medianOf([{ ok: true }, { ok: true }, { ok: true }])).toEqual({ ok: true });
  });
});
