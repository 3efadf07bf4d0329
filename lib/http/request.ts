import { timingSafeEqual } from "node:crypto";
import type { RequestMeta } from "@/lib/auth/sessions";
import { clientAddressHeader, plainAddress } from "./client-address";

/** What counts when no server of ours handed an address over (`next dev`, a bare `next start`): one shared, honest "unknown". */
export const unknownClientAddress = "0.0.0.0";

function handedAddress(headers: Headers): string | null {
  const token = process.env.RUBRICA_CLIENT_ADDRESS_TOKEN;
  const value = headers.get(clientAddressHeader);
  if (!token || !value) return null;
  const [sent = "", address] = value.split(" ");
  const expected = Buffer.from(token);
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return plainAddress(address);
}

/**
 * The client's address as server.ts worked it out from the connection and TRUSTED_PROXIES, handed over with this
 * process's secret token (server.ts drops any copy a client sent). X-Forwarded-For is never read here: Next fills
 * it from the socket only when the client sent none, so a client could write any address into it.
 */
export function requestMeta(headers: Headers): RequestMeta {
  return {
    ip: handedAddress(headers) ?? unknownClientAddress,
    userAgent: headers.get("user-agent") ?? "",
  };
}
