import { describe, expect, it } from "vitest";
import { describeEntry, displayEntry } from "./allowlist-entry";

describe("displayEntry", () => {
  it("shows a single address bare and a range with its prefix, IPv4 and IPv6 alike", () => {
    expect(displayEntry("203.0.113.7/32")).toBe("203.0.113.7");
    expect(displayEntry("::1/128")).toBe("::1");
    expect(displayEntry("10.0.0.0/8")).toBe("10.0.0.0/8");
    expect(displayEntry("2001:db8::/32")).toBe("2001:db8::/32");
  });
});

describe("describeEntry", () => {
  it("says one address or how many", () => {
    expect(describeEntry("::1/128")).toBe("One address");
    expect(describeEntry("127.0.0.0/8")).toBe("Range of 16,777,216 addresses");
    expect(describeEntry("2001:db8::/32")).toBe("A /32 network");
  });
});
