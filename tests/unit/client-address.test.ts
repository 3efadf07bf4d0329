import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies, plainAddress } from "@/lib/http/client-address";

const none = parseTrustedProxies(undefined);

describe("the client address", () => {
  it("is the connection's own when no proxy is trusted (the default), whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.5", "198.51.100.1", none)).toBe("203.0.113.5");
    expect(clientAddress("::ffff:127.0.0.1", "1.2.3.4, 5.6.7.8", parseTrustedProxies(""))).toBe("127.0.0.1");
    expect(clientAddress("2001:db8::1", undefined, parseTrustedProxies("0"))).toBe("2001:db8::1");
  });

  it("behind a count of proxies, is the hop the nearest untrusted proxy added", () => {
    const one = parseTrustedProxies("1");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", one)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", ["6.6.6.6", "203.0.113.9"], one)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.3", parseTrustedProxies("2"))).toBe("203.0.113.9");
    // Fewer hops than proxies: the farthest address known.
    expect(clientAddress("10.0.0.2", "203.0.113.9", parseTrustedProxies("3"))).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", undefined, one)).toBe("10.0.0.2");
  });

  it("behind listed proxies, skips them from the right and stops at the first address that is not one", () => {
    const listed = parseTrustedProxies("10.0.0.0/8, 192.168.1.7, fd00::/8");
    expect(clientAddress("10.1.2.3", "6.6.6.6, 203.0.113.9, 192.168.1.7", listed)).toBe("203.0.113.9");
    expect(clientAddress("fd00::5", "[2001:db8::9]:4711", listed)).toBe("2001:db8::9");
    // A connection that is no proxy of ours: its header is not read at all.
    expect(clientAddress("203.0.113.50", "6.6.6.6", listed)).toBe("203.0.113.50");
    // Garbage in the header ends the walk at the last address a trusted hop vouched for.
    expect(clientAddress("10.1.2.3", "6.6.6.6, not-an-address", listed)).toBe("10.1.2.3");
  });

  it("refuses a TRUSTED_PROXIES it cannot read, rather than trusting too much", () => {
    expect(() => parseTrustedProxies("everything")).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies("10.0.0.0/x")).toThrow(/TRUSTED_PROXIES/);
  });

  it("is given in plain form", () => {
    expect(plainAddress("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(plainAddress("192.0.2.1:8080")).toBe("192.0.2.1");
    expect(plainAddress("[::1]:443")).toBe("::1");
    expect(plainAddress("unknown")).toBeNull();
  });
});
