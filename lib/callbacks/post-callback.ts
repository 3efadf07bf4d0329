import { lookup as resolve } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressAllowed } from "@/lib/net/address-allowed";
import type { NetworkRules } from "@/lib/net/address-ranges";

export type CallbackPost = { headers: Record<string, string>; body: string; timeoutMs: number; rules: NetworkRules };

/** The receiver's HTTP status (redirects are not followed: a 3xx is the answer), or no connection because of the address. */
export type CallbackAnswer = { result: "answered"; status: number } | { result: "address-not-allowed" };

/**
 * POSTs a callback and gives the receiver's status, its body discarded. The address is checked where the
 * connection is opened: a literal IP before connecting, a host name in the lookup the socket connects
 * with, where every address it resolves to must be allowed (lib/net/address-allowed.ts), so a name that
 * resolves differently later (DNS rebinding) cannot reach what was refused. No answer (headers) within
 * timeoutMs rejects with a TimeoutError; a network failure rejects with its error (code ECONNREFUSED...).
 */
export function postCallback(url: string, post: CallbackPost): Promise<CallbackAnswer> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) !== 0 && !addressAllowed(host, post.rules)) return Promise.resolve({ result: "address-not-allowed" });

  let refused = false;
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`${hostname} resolves to no address`), { code: "ENOTFOUND" }), "");
      if (!addresses.every((entry) => addressAllowed(entry.address, post.rules))) {
        refused = true;
        return callback(
          Object.assign(new Error(`${hostname} resolves to an address that is not allowed`), { code: "EADDRNOTALLOWED" }),
          "",
        );
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((settle, fail) => {
    const request = send(target, {
      method: "POST",
      headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) },
      lookup,
    });
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error(`No answer within ${post.timeoutMs} ms`), { name: "TimeoutError" })),
      post.timeoutMs,
    );
    request.on("response", (response) => {
      clearTimeout(timer);
      response.destroy();
      settle({ result: "answered", status: response.statusCode ?? 0 });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      if (refused) settle({ result: "address-not-allowed" });
      else fail(error);
    });
    request.end(post.body);
  });
}
