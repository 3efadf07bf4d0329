// Which IP addresses an outgoing request of ours (an integrator's callback) may connect to. Shared by
// the browser (the callback URL schema refuses literal addresses) and the server, so nothing here imports
// node: modules; the server checks with node:net's BlockList built from these same tables
// (lib/net/address-allowed.ts).

/** "private": this machine or a local network; "blocked": never a receiver (link-local, multicast, reserved...). */
export type AddressKind = "public" | "private" | "blocked";

/** Private addresses are allowed only with CALLBACK_ALLOW_PRIVATE_NETWORKS=true, an explicit opt-in (never NODE_ENV). */
export type NetworkRules = { allowPrivateNetworks: boolean };

export type AddressRange = { network: string; prefix: number; family: "ipv4" | "ipv6" };

const range = (cidr: string): AddressRange => {
  const [network = "", prefix = ""] = cidr.split("/");
  return { network, prefix: Number(prefix), family: network.includes(":") ? "ipv6" : "ipv4" };
};

/** Loopback, RFC 1918, CGNAT (RFC 6598), unique-local IPv6 and local-use NAT64 (RFC 8215). */
export const privateRanges: readonly AddressRange[] = [
  "127.0.0.0/8",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "100.64.0.0/10",
  "::1/128",
  "fc00::/7",
  "64:ff9b:1::/48",
].map(range);

/**
 * IANA's special-purpose ranges that are no receiver anywhere. For IPv6 only 2000::/3 is global unicast, so
 * everything outside it is blocked (::, fe80::/10, fec0::/10, ff00::/8, 100::/64, 5f00::/16, IPv4-compatible
 * and -translated forms...), after the private ranges and the IPv4 forms embedded in ::ffff:0:0/96 and
 * 64:ff9b::/96 have been looked at.
 */
export const blockedRanges: readonly AddressRange[] = [
  "0.0.0.0/8",
  "169.254.0.0/16",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "::/3",
  "4000::/2",
  "8000::/1",
  "2001::/23",
  "2001:db8::/32",
  "2002::/16",
  "3fff::/20",
].map(range);

/** IPv6 prefixes whose last 32 bits are an IPv4 address that is what is reached: IPv4-mapped and NAT64 (RFC 6052). */
export const ipv4EmbeddingRanges: readonly AddressRange[] = ["::ffff:0:0/96", "64:ff9b::/96"].map(range);

/** Dotted-decimal IPv4 as 4 bytes; null for anything else (leading zeros included: URLs and resolvers never give those). */
function ipv4Bytes(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || parts.some((part) => !/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255)) return null;
  return parts.map(Number);
}

/** An IPv6 address (without brackets, no zone) as 16 bytes, with a trailing dotted IPv4 allowed; null for anything else. */
export function ipv6Bytes(text: string): number[] | null {
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".", lastColon)) {
    const ipv4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!ipv4) return null;
    head = text.slice(0, lastColon + 1);
    if (!head.endsWith("::")) head = head.slice(0, -1);
    tail = ipv4;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(":") : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const present = left.length + right.length + tail.length / 2;
  if (halves.length === 1 ? present !== 8 : present > 7) return null;
  const all = [...left, ...Array<string>(8 - present).fill("0"), ...right];
  if (all.some((group) => !/^[0-9a-fA-F]{1,4}$/.test(group))) return null;
  return [...all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]), ...tail];
}

function bytesOf(address: string): number[] | null {
  return ipv4Bytes(address) ?? ipv6Bytes(address);
}

function inRange(bytes: number[], entry: AddressRange): boolean {
  const network = bytesOf(entry.network);
  if (!network || network.length !== bytes.length) return false;
  for (let bit = 0; bit < entry.prefix; bit += 8) {
    const mask = (0xff << (8 - Math.min(8, entry.prefix - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((network[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 one stands for (IPv4-mapped, NAT64), as dotted decimal; null if none. */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes || !ipv4EmbeddingRanges.some((entry) => inRange(bytes, entry))) return null;
  return bytes.slice(12).join(".");
}

/**
 * The kind of a literal IP address (dotted IPv4 or IPv6 without brackets), or null if the text is none (a
 * host name). For the browser: the server decides with lib/net/address-allowed.ts, which agrees (tested).
 */
export function literalAddressKind(address: string): AddressKind | null {
  const embedded = embeddedIpv4(address);
  const bytes = bytesOf(embedded ?? address);
  if (!bytes) return null;
  if (privateRanges.some((entry) => inRange(bytes, entry))) return "private";
  if (blockedRanges.some((entry) => inRange(bytes, entry))) return "blocked";
  return "public";
}

export function addressKindAllowed(kind: AddressKind, rules: NetworkRules): boolean {
  if (kind === "public") return true;
  return kind === "private" && rules.allowPrivateNetworks;
}
