import { afterEach, describe, expect, it, vi } from "vitest";
import { callbackUrlAllowed, callbackUrlSendable } from "@/lib/callbacks/callback-url";
import { addressAllowed, addressKind } from "@/lib/net/address-allowed";
import {
  blockedRanges,
  ipv4EmbeddingRanges,
  ipv6Bytes,
  literalAddressKind,
  privateRanges,
  type AddressRange,
  type NetworkRules,
} from "@/lib/net/address-ranges";

// The default, and CALLBACK_ALLOW_PRIVATE_NETWORKS=true (an on-premise receiver, or local development).
const production: NetworkRules = { allowPrivateNetworks: false };
const onPremise: NetworkRules = { allowPrivateNetworks: true };

const kinds = {
  private: [
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.5",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "100.127.255.255",
    "::1",
    "fc00::1",
    "fd12:3456:789a::1",
    "64:ff9b:1::a00:1",
  ],
  blocked: [
    "0.0.0.0",
    "0.1.2.3",
    "169.254.169.254",
    "169.254.0.1",
    "192.0.0.1",
    "192.0.2.10",
    "192.88.99.1",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "fe80::1",
    "febf:ffff::1",
    "fec0::1",
    "ff02::1",
    "ff05::1:3",
    "100::1",
    "2001::1",
    "2001:db8::1",
    "2002:a00:5::1",
    "3fff::1",
    "5f00::1",
    "4000::1",
    "1::1",
  ],
  public: [
    "8.8.8.8",
    "1.1.1.1",
    "9.255.255.255",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4003:80e::200e",
    "2001:200::1",
    "3ffe::1",
  ],
} as const;

/** IPv4-mapped and NAT64 forms stand for their IPv4 address; IPv4-compatible and -translated forms are blocked like the rest of ::/3. */
const embedded = [
  ["::ffff:127.0.0.1", "private"],
  ["::ffff:7f00:1", "private"],
  ["0:0:0:0:0:ffff:7f00:1", "private"],
  ["::FFFF:7F00:1", "private"],
  ["::ffff:10.0.0.5", "private"],
  ["::ffff:169.254.169.254", "blocked"],
  ["::ffff:a9fe:a9fe", "blocked"],
  ["::ffff:0.0.0.0", "blocked"],
  ["::ffff:8.8.8.8", "public"],
  ["::ffff:808:808", "public"],
  ["64:ff9b::a00:5", "private"],
  ["64:ff9b::169.254.169.254", "blocked"],
  ["64:ff9b::808:808", "public"],
  ["::127.0.0.1", "blocked"],
  ["::8.8.8.8", "blocked"],
  ["::ffff:0:7f00:1", "blocked"],
  ["::ffff:0:808:808", "blocked"],
] as const;

describe("address kinds", () => {
  for (const [kind, addresses] of Object.entries(kinds)) {
    it(`${kind}: ${addresses.length} addresses, by the BlockList and by the browser's matcher alike`, () => {
      for (const address of addresses) {
        expect([address, addressKind(address)]).toEqual([address, kind]);
        expect([address, literalAddressKind(address)]).toEqual([address, kind]);
      }
    });
  }

  it("IPv4-mapped and NAT64 addresses are judged by the IPv4 address they reach", () => {
    for (const [address, kind] of embedded) {
      expect([address, addressKind(address)]).toEqual([address, kind]);
      expect([address, literalAddressKind(address)]).toEqual([address, kind]);
    }
  });

  it("anything that is no plain IP address is blocked by the server and no address for the browser's matcher", () => {
    for (const text of [
      "example.com",
      "",
      "fe80::1%eth0",
      "1.2.3",
      "1.2.3.4.5",
      "256.0.0.1",
      "01.2.3.4",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "::ffff:1.2.3",
      "12345::1",
    ]) {
      expect([text, addressKind(text)]).toEqual([text, "blocked"]);
      expect([text, literalAddressKind(text)]).toEqual([text, null]);
    }
  });

  it("parses IPv6 in every spelling to the same 16 bytes", () => {
    const loopback = [...Array<number>(15).fill(0), 1];
    for (const text of ["::1", "0::1", "0:0:0:0:0:0:0:1", "0000:0000:0000:0000:0000:0000:0000:0001", "::0.0.0.1"])
      expect([text, ipv6Bytes(text)]).toEqual([text, loopback]);
    expect(ipv6Bytes("1:2:3:4:5:6:7::")).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 0]);
    expect(ipv6Bytes("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes("1:2:3:4:5:6:7")).toBeNull();
  });
});

const ipv4 = (bytes: number[]) => bytes.join(".");
const ipv6 = (bytes: number[]) => Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(":");

function bytesOf(entry: AddressRange): number[] {
  return entry.family === "ipv4" ? entry.network.split(".").map(Number) : ipv6Bytes(entry.network)!;
}

/** The first and last address of a range, and the ones just outside it. */
function edges(entry: AddressRange): string[] {
  const first = bytesOf(entry);
  const last = first.map((byte, i) => {
    const hostBits = Math.max(0, Math.min(8, (i + 1) * 8 - entry.prefix));
    return byte | ((1 << hostBits) - 1);
  });
  const step = (bytes: number[], delta: 1 | -1) => {
    const next = [...bytes];
    for (let i = next.length - 1; i >= 0; i--) {
      next[i] = (next[i]! + delta + 256) % 256;
      if (next[i] !== (delta === 1 ? 0 : 255)) break;
    }
    return next;
  };
  const format = entry.family === "ipv4" ? ipv4 : ipv6;
  return [first, last, step(first, -1), step(last, 1)].map(format);
}

describe("the BlockList and the browser's matcher", () => {
  it("agree at the edges of every range", () => {
    for (const entry of [...privateRanges, ...blockedRanges, ...ipv4EmbeddingRanges]) {
      for (const address of edges(entry)) expect([address, literalAddressKind(address)]).toEqual([address, addressKind(address)]);
    }
  });

  it("agree on random addresses", () => {
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 256;
    };
    for (let n = 0; n < 3000; n++) {
      const v4 = ipv4(Array.from({ length: 4 }, random));
      const v6 = ipv6(Array.from({ length: 16 }, random));
      const mapped = `::ffff:${v4}`;
      for (const address of [v4, v6, mapped]) expect([address, literalAddressKind(address)]).toEqual([address, addressKind(address)]);
    }
  });
});

describe("the rules", () => {
  it("public addresses are allowed everywhere, private ones only when allowed, special ones never", () => {
    for (const rules of [production, onPremise]) {
      expect(addressAllowed("8.8.8.8", rules)).toBe(true);
      expect(addressAllowed("2606:4700:4700::1111", rules)).toBe(true);
      expect(addressAllowed("169.254.169.254", rules)).toBe(false);
      expect(addressAllowed("::ffff:169.254.169.254", rules)).toBe(false);
      expect(addressAllowed("fe80::1", rules)).toBe(false);
      expect(addressAllowed("0.0.0.0", rules)).toBe(false);
      expect(addressAllowed("224.0.0.1", rules)).toBe(false);
    }
    for (const address of ["127.0.0.1", "10.0.0.5", "192.168.0.10", "100.64.1.1", "::1", "fd00::1", "::ffff:127.0.0.1"]) {
      expect([address, addressAllowed(address, production)]).toEqual([address, false]);
      expect([address, addressAllowed(address, onPremise)]).toEqual([address, true]);
    }
  });
});

describe("this process's rules", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("refuse loopback and private targets unless CALLBACK_ALLOW_PRIVATE_NETWORKS opts in, whatever NODE_ENV says", () => {
    for (const nodeEnv of [undefined, "development", "test", "production"]) {
      vi.stubEnv("NODE_ENV", nodeEnv);
      vi.stubEnv("CALLBACK_ALLOW_PRIVATE_NETWORKS", undefined);
      for (const url of ["https://localhost/cb", "https://127.0.0.1:8443/cb", "https://10.0.0.5/cb", "http://127.0.0.1:3000/cb"])
        expect([nodeEnv, url, callbackUrlAllowed(url)]).toEqual([nodeEnv, url, false]);
      expect(callbackUrlAllowed("https://example.com/cb")).toBe(true);
      vi.stubEnv("CALLBACK_ALLOW_PRIVATE_NETWORKS", "true");
      for (const url of ["https://localhost/cb", "https://10.0.0.5/cb", "http://127.0.0.1:3000/cb"])
        expect([nodeEnv, url, callbackUrlAllowed(url)]).toEqual([nodeEnv, url, true]);
    }
  });
});

describe("callback URLs when saved", () => {
  it("by default refuse literal addresses of private and special ranges and localhost, in any spelling", () => {
    for (const url of [
      "https://10.0.0.5/",
      "https://127.0.0.1:6379/",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/",
      "https://0.0.0.0/",
      "https://0x7f.1/",
      "https://2130706433/",
      "https://0177.0.0.1/",
      "https://[::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[::ffff:a9fe:a9fe]/",
      "https://[fd00::1]/",
      "https://[fe80::1]/",
      "https://localhost/",
      "https://LOCALHOST./",
      "https://api.localhost/",
    ]) {
      expect([url, callbackUrlAllowed(url, production)]).toEqual([url, false]);
    }
    for (const url of [
      "https://example.com/cb?token=x",
      "https://8.8.8.8/cb",
      "https://[2606:4700:4700::1111]/cb",
      "https://10.example.com/",
      "https://localhost.example.com/",
    ]) {
      expect([url, callbackUrlAllowed(url, production)]).toEqual([url, true]);
    }
  });

  it("with CALLBACK_ALLOW_PRIVATE_NETWORKS allow private networks and loopback, plain http only to this machine, never special ranges", () => {
    expect(callbackUrlAllowed("https://10.0.0.5/cb", onPremise)).toBe(true);
    expect(callbackUrlAllowed("https://localhost:8443/cb", onPremise)).toBe(true);
    expect(callbackUrlAllowed("http://127.0.0.1:3000/cb", onPremise)).toBe(true);
    expect(callbackUrlAllowed("http://localhost:3000/cb", onPremise)).toBe(true);
    expect(callbackUrlAllowed("https://169.254.169.254/", onPremise)).toBe(false);
    expect(callbackUrlAllowed("http://10.0.0.5/cb", onPremise)).toBe(false);
    expect(callbackUrlAllowed("https://user:pw@example.com/", onPremise)).toBe(false);
    expect(callbackUrlAllowed("http://127.0.0.1:3000/cb", production)).toBe(false);
  });

  it("leave host names to the check made when sending", () => {
    expect(callbackUrlSendable("https://localhost/", production)).toBe(true);
    expect(callbackUrlSendable("https://10.0.0.5/", production)).toBe(true);
    expect(callbackUrlSendable("http://localhost/", production)).toBe(false);
    expect(callbackUrlSendable("http://localhost/", onPremise)).toBe(true);
    expect(callbackUrlSendable("ftp://example.com/", onPremise)).toBe(false);
  });
});
