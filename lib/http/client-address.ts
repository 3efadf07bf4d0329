import { BlockList, isIP } from "node:net";

// Who is calling, for per-address rate limits and the audit trail. Only the connection's own address is
// known for sure; X-Forwarded-For is whatever the client wrote, unless a proxy we trust appended to it.
// server.ts works the address out per connection and hands it to route handlers (lib/http/request.ts).

/** TRUSTED_PROXIES: none (the default), a count of proxy hops in front of us, or the proxies' addresses/CIDRs. */
export type TrustedProxies = { kind: "none" } | { kind: "count"; hops: number } | { kind: "list"; list: BlockList };

/** "" → none; "2" → the two nearest hops are ours; "10.0.0.0/8, 192.168.1.7, fd00::/8" → hops from these addresses. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = (value ?? "").trim();
  if (!text || text === "0") return { kind: "none" };
  if (/^\d+$/.test(text)) return { kind: "count", hops: Number(text) };
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || (prefix !== undefined && !/^\d+$/.test(prefix)))
      throw new Error(`TRUSTED_PROXIES: "${entry}" is no IP address or CIDR (use a count, or addresses/CIDRs separated by commas)`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return { kind: "list", list };
}

/** A socket or header address in plain form: IPv4-mapped IPv6 as IPv4, brackets and ports dropped; null if none. */
export function plainAddress(value: string | undefined): string | null {
  let text = (value ?? "").trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) text = mapped[1]!;
  return isIP(text) === 0 ? null : text.toLowerCase();
}

function trusted(address: string, proxies: TrustedProxies): boolean {
  return proxies.kind === "list" && proxies.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the connection's own, unless it comes from a trusted proxy; then X-Forwarded-For is read
 * from the right (each proxy appends the address it saw), skipping trusted hops, and the first hop not ours is the
 * client. A malformed entry ends the walk at the last address a trusted hop vouched for.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: TrustedProxies,
): string {
  const own = plainAddress(socketAddress) ?? "0.0.0.0";
  if (proxies.kind === "none") return own;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...hops.map(plainAddress), own];
  let index = chain.length - 1;
  let remaining = proxies.kind === "count" ? proxies.hops : Infinity;
  // chain[index] is an address we know to be true; step left while it is one of our proxies.
  while (index > 0 && remaining > 0) {
    const current = chain[index]!;
    if (proxies.kind === "list" && !trusted(current, proxies)) break;
    const previous = chain[index - 1];
    if (!previous) break;
    index -= 1;
    remaining -= 1;
  }
  return chain[index]!;
}

/** The header through which server.ts hands the address to route handlers, with this process's token. */
export const clientAddressHeader = "x-rubrica-client-address";
