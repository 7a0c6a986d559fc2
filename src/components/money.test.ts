import { describe, expect, it } from "vitest";
import { nairaInputValue, parseNairaToKobo } from "./money";

describe("naira inputs", () => {
  it("write kobo as naira with two decimals, which parse back to the same kobo", () => {
    for (const kobo of [1, 99, 100, 150_050, 12_345_678_901]) {
      expect(parseNairaToKobo(nairaInputValue(kobo))).toBe(kobo);
    }
    expect(nairaInputValue(150_050)).toBe("1500.50");
    expect(nairaInputValue(5n)).toBe("0.05");
    expect(nairaInputValue(null)).toBe("");
  });
});
