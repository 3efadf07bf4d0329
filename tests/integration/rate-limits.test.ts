import { NextResponse, NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as getStampInfo } from "@/app/api/signprocess/getStampInfo/[trxId]/route";
import { POST as uploadSigningSelfie } from "@/app/api/signprocess/uploadNewSelfie/route";
import { POST as uploadValidationSelfie } from "@/app/api/validation/uploadNewSelfie/route";
import { AppError } from "@/lib/errors/app-error";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";
import { redis } from "@/lib/queue/redis";
import { enforceRateLimit, resetRateLimit } from "@/lib/security/rate-limit";
import { rateLimits, type RateLimitRule } from "@/lib/security/rate-limits";
import { call, clientAddressHeaders, sendRequest } from "../support/http";

const ip = "198.51.100.77";
const counter = (rule: RateLimitRule, subject: string) => `rl:${rule.bucket}:${subject}`;
/** The rule's counter for `ip` as if `hits` requests had been counted in a window that just began. */
const spend = (rule: RateLimitRule, hits: number) => redis().set(counter(rule, ip), String(hits), "EX", rule.windowSeconds);

beforeEach(async () => {
  for (const rule of [rateLimits.stampInfoIp, rateLimits.evidenceUploadIp, rateLimits.signupIp]) await resetRateLimit(rule, ip);
});

describe("rate limits declared in the descriptor", () => {
  it("are counted by endpoint() before the handler: getStampInfo's 61st call in a minute is 429 with its headers", async () => {
    const first = await call(getStampInfo, "/api/signprocess/getStampInfo/0xunknown", { params: { trxId: "0xunknown" }, ip });
    expect(first.status).toBe(404);
    expect(await redis().get(counter(rateLimits.stampInfoIp, ip))).toBe("1");
    await spend(rateLimits.stampInfoIp, 60);
    const limited = await call(getStampInfo, "/api/signprocess/getStampInfo/0xunknown", { params: { trxId: "0xunknown" }, ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ errorCode: "RATE_LIMITED" });
    expect(limited.headers.get("ratelimit-limit")).toBe("60");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Another address is not affected.
    const other = await call(getStampInfo, "/api/signprocess/getStampInfo/0xunknown", {
      params: { trxId: "0xunknown" },
      ip: "198.51.100.78",
    });
    expect(other.status).toBe(404);
  });

  it("bound both selfie uploads of spec §7 per address like every other evidence upload, before any of the form is read", async () => {
    await spend(rateLimits.evidenceUploadIp, rateLimits.evidenceUploadIp.limit);
    for (const [handler, path] of [
      [uploadSigningSelfie, "/api/signprocess/uploadNewSelfie"],
      [uploadValidationSelfie, "/api/validation/uploadNewSelfie"],
    ] as const) {
      const limited = await call(handler, path, { method: "POST", body: {}, ip });
      expect(limited.status, path).toBe(429);
      expect(limited.headers.get("ratelimit-limit")).toBe(String(rateLimits.evidenceUploadIp.limit));
    }
  });

  it("refuse a limit the handler applies without its descriptor declaring it: a server error, nothing counted", async () => {
    const undeclared = endpoint({ ...signerOperations.getStampInfo, rateLimits: [] }, async () => {
      await enforceRateLimit(rateLimits.signupIp, ip);
      return NextResponse.json({});
    });
    const request = new NextRequest("http://127.0.0.1:3000/api/signprocess/getStampInfo/x", { headers: clientAddressHeaders(ip) });
    const response = await sendRequest(undeclared, request);
    expect(response.status).toBe(500);
    expect(await redis().get(counter(rateLimits.signupIp, ip))).toBeNull();
    // Declared, the same handler counts it (and goes on: here to a documented "not found").
    const declared = endpoint({ ...signerOperations.getStampInfo, rateLimits: [rateLimits.signupIp] }, async () => {
      await enforceRateLimit(rateLimits.signupIp, ip);
      throw new AppError("NOT_FOUND");
    });
    expect((await sendRequest(declared, request)).status).toBe(404);
    expect(await redis().get(counter(rateLimits.signupIp, ip))).toBe("1");
  });
});
