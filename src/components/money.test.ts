import { describe, expect, it } from "vitest";
import { nairaInputValue, readNaira } from "./money";

describe("naira inputs", () => {
  it("write kobo as naira with two decimals, which read back as the same kobo", () => {
    for (const kobo of [1, 99, 100, 150_050, 12_345_678_901]) {
      expect(readNaira(nairaInputValue(kobo))).toEqual({ value: kobo });
    }
    expect(nairaInputValue(150_050)).toBe("1500.50");
    expect(nairaInputValue(5n)).toBe("0.05");
    expect(nairaInputValue(null)).toBe("");
  });

  it("read what people type: commas, spaces and the naira sign; at most two decimals", () => {
    expect(readNaira("₦ 1,500.5")).toEqual({ value: 150_050 });
    expect(readNaira("25000")).toEqual({ value: 2_500_000 });
    expect(readNaira("1.505", { example: "5000 or 1,500.50" })).toEqual({
      problem: "Enter an amount in naira, such as 5000 or 1,500.50 (at most two decimals).",
    });
    expect(readNaira("-5")).toEqual({ problem: "Enter an amount in naira, such as 1,500.50 (at most two decimals)." });
  });

  it("say what is wrong in the same words on every form", () => {
    expect(readNaira("  ")).toEqual({ problem: "Enter an amount in naira." });
    expect(readNaira("", { whenEmpty: "Enter an amount in naira, or turn the alert off." })).toEqual({
      problem: "Enter an amount in naira, or turn the alert off.",
    });
    expect(readNaira("0")).toEqual({ problem: "The amount must be more than ₦0.00." });
    expect(readNaira("0", { min: 0n })).toEqual({ value: 0 });
    expect(readNaira("0.50", { min: 100n })).toEqual({ problem: "The amount must be at least ₦1.00." });
    expect(readNaira("2000", { max: 100_000n })).toEqual({ problem: "The amount can be at most ₦1,000.00." });
    const airtime = { min: 5_000n, max: 5_000_000n };
    expect(readNaira("20", airtime)).toEqual({ problem: "The amount must be between ₦50.00 and ₦50,000.00." });
    expect(readNaira("50001", airtime)).toEqual({ problem: "The amount must be between ₦50.00 and ₦50,000.00." });
    expect(readNaira("50", airtime)).toEqual({ value: 5_000 });
  });
});
