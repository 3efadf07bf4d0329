import { createHash } from "node:crypto";
import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { decryptSecret, encryptSecret } from "@/lib/security/encryption";
import { readLimitedBody } from "./limited-body";

/*
 * Idempotency-Key (the Stripe convention, and the IETF httpapi-idempotency-key-header draft) on the POSTs that
 * create or send. Stored in PostgreSQL, not Redis: the unique (scope, key) index makes the claim atomic, the
 * stored answer survives a Redis restart or flush for its whole 24 hours (Redis here holds queues and
 * counters, which may be lost), and expiry is one indexed delete.
 *
 * Only a 2xx answer is kept. Any other answer created nothing (the use cases run in one transaction), so the
 * claim is released and the client may retry with the same key, as Stripe does for refused requests.
 */

export const idempotencyKeyHeader = "idempotency-key";
export const idempotentReplayedHeader = "Idempotent-Replayed";
const keptForMs = 24 * 60 * 60 * 1000;
/** A claim whose request has not answered in this long died with its process: a retry may take it over. */
const abandonedAfterMs = 10 * 60 * 1000;
const keyPattern = /^[\x21-\x7e]{1,255}$/;
/** Bodies are hashed whole; none of the routes that honour a key accepts more (the batch import takes 200 MB). */
const maxHashedBytes = 256 * 1024 * 1024;

type Handler<P> = (request: NextRequest, params: P) => Promise<Response>;

/** The body with each multipart boundary replaced by one constant: a client's retry draws a new boundary. */
function normalizedParts(body: Buffer, contentType: string): Buffer[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith("multipart/") || !boundary) return [body];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(delimiter); at !== -1; at = body.indexOf(delimiter, start)) {
    parts.push(body.subarray(start, at), Buffer.from("--boundary"));
    start = at + delimiter.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

async function requestHash(request: NextRequest): Promise<string> {
  const contentType = request.headers.get("content-type") ?? "";
  const body = request.body
    ? Buffer.from(
        await readLimitedBody(request.clone().body!, maxHashedBytes, {
          tooLarge: () => new AppError("REQUEST_TOO_LARGE"),
          invalid: () => new AppError("VALIDATION_FAILED"),
        }),
      )
    : Buffer.alloc(0);
  const hash = createHash("sha256").update(`${request.method} ${request.nextUrl.pathname}${request.nextUrl.search}\n`);
  hash.update(`${contentType.split(";")[0]!.trim().toLowerCase()}\n`);
  for (const part of normalizedParts(body, contentType)) hash.update(part);
  return hash.digest("hex");
}

type Claim = { kind: "claimed"; id: number } | { kind: "replay"; status: number; contentType: string | null; body: string };

async function claim(scope: string, key: string, hash: string): Promise<Claim> {
  const now = new Date();
  await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  await db.idempotencyKey.deleteMany({
    where: { scope, key, status: null, createdAt: { lte: new Date(now.getTime() - abandonedAfterMs) } },
  });
  // ON CONFLICT DO NOTHING: of two concurrent requests with one key, exactly one inserts the row.
  const inserted = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO "IdempotencyKey" ("scope", "key", "requestHash", "expiresAt")
    VALUES (${scope}, ${key}, ${hash}, ${new Date(now.getTime() + keptForMs)})
    ON CONFLICT ("scope", "key") DO NOTHING
    RETURNING "id"`;
  if (inserted[0]) return { kind: "claimed", id: inserted[0].id };
  const existing = await db.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });
  // Released or expired between the insert and this read: the client's retry claims it.
  if (!existing) throw new AppError("IDEMPOTENCY_KEY_IN_USE");
  if (existing.requestHash !== hash) throw new AppError("IDEMPOTENCY_KEY_REUSED");
  if (existing.status === null || existing.body === null) throw new AppError("IDEMPOTENCY_KEY_IN_USE");
  return { kind: "replay", status: existing.status, contentType: existing.contentType, body: decryptSecret(existing.body) };
}

async function release(id: number): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { id, status: null } });
}

/**
 * Honours an `Idempotency-Key` header on a POST: the first request with a key runs `handler` and, when it
 * succeeds, its answer is kept 24 hours for the caller (organisation + API key or user); the same key with the
 * same method, path and body replays that answer with `Idempotent-Replayed: true`; with another request it is
 * 409 IDEMPOTENCY_KEY_REUSED, and while the first is still running 409 IDEMPOTENCY_KEY_IN_USE. `callerScope`
 * names who sent it; requests without the header, or whose credentials name nobody (null), run as they are.
 */
export function withIdempotency<P>(handler: Handler<P>, callerScope: (request: NextRequest) => Promise<string | null>): Handler<P> {
  return async (request, params) => {
    const key = request.headers.get(idempotencyKeyHeader);
    if (key === null || request.method !== "POST") return handler(request, params);
    if (!keyPattern.test(key)) throw new AppError("IDEMPOTENCY_KEY_INVALID", { field: "Idempotency-Key" });
    const scope = await callerScope(request);
    if (scope === null) return handler(request, params);
    const claimed = await claim(scope, key, await requestHash(request));
    if (claimed.kind === "replay") {
      const headers: Record<string, string> = { [idempotentReplayedHeader]: "true" };
      if (claimed.contentType) headers["content-type"] = claimed.contentType;
      return new Response(claimed.body, { status: claimed.status, headers });
    }
    let response: Response;
    try {
      response = await handler(request, params);
    } catch (error) {
      await release(claimed.id);
      throw error;
    }
    if (response.status < 200 || response.status >= 300) {
      await release(claimed.id);
      return response;
    }
    const body = await response.clone().text();
    await db.idempotencyKey.update({
      where: { id: claimed.id },
      data: { status: response.status, contentType: response.headers.get("content-type"), body: encryptSecret(body) },
    });
    return response;
  };
}
