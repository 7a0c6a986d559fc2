import { describe, expect, it } from "vitest";
import { computeSourceAddress, parseTrustedProxies } from "./source-address";

const none = parseTrustedProxies("");
const proxies = parseTrustedProxies("10.0.0.0/8, 2001:db8:ffff::/48");

describe("computeSourceAddress", () => {
  it("uses the TCP peer when no proxy is trusted, whatever the headers say", () => {
    expect(computeSourceAddress("203.0.113.9", undefined, none)).toBe("203.0.113.9");
    expect(computeSourceAddress("203.0.113.9", "6.6.6.6", none)).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For from an untrusted peer even when proxies are configured", () => {
    expect(computeSourceAddress("203.0.113.9", "10.1.1.1, 6.6.6.6", proxies)).toBe("203.0.113.9");
  });

  it("takes the address a trusted proxy saw", () => {
    expect(computeSourceAddress("10.0.0.2", "198.51.100.7", proxies)).toBe("198.51.100.7");
  });

  it("walks right to left past trusted hops and stops at the first untrusted one", () => {
    // 6.6.6.6 is what the client claimed; 198.51.100.7 is what the outer trusted proxy recorded.
    expect(computeSourceAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.9.9.9", proxies)).toBe("198.51.100.7");
  });

  it("accepts several X-Forwarded-For header lines", () => {
    expect(computeSourceAddress("10.0.0.2", ["6.6.6.6", "198.51.100.7"], proxies)).toBe("198.51.100.7");
  });

  it("stops at the last trusted hop when a hop is not an address", () => {
    expect(computeSourceAddress("10.0.0.2", "198.51.100.7, garbage", proxies)).toBe("10.0.0.2");
  });

  it("falls back to the proxy itself when it sent no header", () => {
    expect(computeSourceAddress("10.0.0.2", undefined, proxies)).toBe("10.0.0.2");
  });

  it("normalises IPv4-mapped IPv6 peers and hops to IPv4", () => {
    expect(computeSourceAddress("::ffff:203.0.113.9", undefined, none)).toBe("203.0.113.9");
    expect(computeSourceAddress("::ffff:10.0.0.2", "::ffff:198.51.100.7", proxies)).toBe("198.51.100.7");
  });

  it("handles IPv6 peers and IPv6 proxies", () => {
    expect(computeSourceAddress("::1", "6.6.6.6", none)).toBe("::1");
    expect(computeSourceAddress("2001:db8:ffff::1", "2001:db8:1::5", proxies)).toBe("2001:db8:1::5");
    expect(computeSourceAddress("2001:0db8:0000::0001", undefined, none)).toBe("2001:db8::1");
  });
});

describe("parseTrustedProxies", () => {
  it("refuses malformed entries instead of silently trusting nobody", () => {
    expect(() => parseTrustedProxies("10.0.0.0/8, 300.1.2.3/40")).toThrow(/300\.1\.2\.3\/40/);
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow();
  });
});
