import { describe, expect, it } from "vitest";
import { formatDateTimeSeconds, fromLagosInputValue, toLagosInputValue } from "./dates";

describe("Lagos date-time inputs", () => {
  it("shows an instant as Lagos wall time and reads it back as the same instant", () => {
    const instant = new Date("2026-11-21T23:30:00Z");
    expect(toLagosInputValue(instant)).toBe("2026-11-22T00:30");
    expect(fromLagosInputValue("2026-11-22T00:30")).toBe("2026-11-21T23:30:00.000Z");
    expect(fromLagosInputValue("2026-11-22T00:30:15")).toBe("2026-11-21T23:30:15.000Z");
  });

  it("refuses what is not a date-time", () => {
    for (const text of ["", "yesterday", "2026-11-22", "2026-13-40T99:99"]) expect(fromLagosInputValue(text), text).toBeNull();
  });

  it("formats to the second in Lagos time", () => {
    expect(formatDateTimeSeconds("2026-11-21T13:05:09Z")).toBe("21 Nov 2026, 14:05:09");
  });
});
