import { BlockList, isIP } from "node:net";
import {
  addressKindAllowed,
  blockedRanges,
  embeddedIpv4,
  privateRanges,
  type AddressKind,
  type AddressRange,
  type NetworkRules,
} from "./address-ranges";

type Family = AddressRange["family"];

/**
 * One list per family: a BlockList also matches an IPv4 address against its IPv6 rules (as ::ffff:a.b.c.d),
 * which would put every IPv4 address in the blocked ::/3.
 */
function blockLists(ranges: readonly AddressRange[]): Record<Family, BlockList> {
  const lists = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const { network, prefix, family } of ranges) lists[family].addSubnet(network, prefix, family);
  return lists;
}

const privateLists = blockLists(privateRanges);
const blockedLists = blockLists(blockedRanges);

/** The kind of an IP address as a resolver or a URL gives it; anything that is no plain address (a zone id...) is blocked. */
export function addressKind(address: string): AddressKind {
  const embedded = embeddedIpv4(address);
  const target = embedded ?? address;
  const family = isIP(target);
  if (family === 0 || target.includes("%")) return "blocked";
  const name: Family = family === 4 ? "ipv4" : "ipv6";
  if (privateLists[name].check(target, name)) return "private";
  if (blockedLists[name].check(target, name)) return "blocked";
  return "public";
}

/** Whether a connection to this address may be opened under these rules (lib/net/address-ranges.ts). */
export function addressAllowed(address: string, rules: NetworkRules): boolean {
  return addressKindAllowed(addressKind(address), rules);
}
