import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiOperations, openApiDocument } from "@/lib/openapi/document";
import { runAsOperation } from "@/lib/http/current-operation";
import { signerOperations } from "@/lib/openapi/operations/signprocess";
import { enforceRateLimit, refuseOverLimit } from "@/lib/security/rate-limit";
import { rateLimits, type RateLimitRule } from "@/lib/security/rate-limits";

type Described = { "x-rateLimit"?: Record<string, unknown>[]; responses: Record<string, { headers?: Record<string, unknown> }> };

const root = path.resolve(__dirname, "../..");
const paths = openApiDocument().paths as Record<string, Record<string, Described>>;
const described = (method: string, route: string) => paths[route]![method]!;

/** The source files under `dir` (relative to the repository) whose names end in `suffix`. */
function files(dir: string, suffix: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(relative, suffix);
    return entry.name.endsWith(suffix) ? [relative] : [];
  });
}

const source = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The module an import names, as a path relative to the repository, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

/** The limits a module applies itself: the rules its enforceRateLimit and refuseOverLimit calls name. */
function appliedIn(file: string): string[] {
  return [...source(file).matchAll(/(?:enforceRateLimit|refuseOverLimit)\(\s*rateLimits\.(\w+)/g)].map((match) => match[1]!);
}

/** Every limit applied in the modules `file` imports, directly or not (the descriptors' own modules aside). */
function reachableLimits(file: string): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next) || next.startsWith("lib/openapi/")) continue;
    seen.add(next);
    for (const name of appliedIn(next)) found.add(name);
    for (const match of source(next).matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gm)) {
      const imported = resolveImport(next, match[1]!);
      if (imported) pending.push(imported);
    }
  }
  return found;
}

describe("rate limits", () => {
  it("are documented per operation as x-rateLimit, with the 429 answer and its headers", () => {
    expect(described("get", "/api/signprocess/getStampInfo/{trxId}")["x-rateLimit"]).toEqual([
      { name: "stampInfoIp", limit: 60, windowSeconds: 60, per: "ip", counts: "requests" },
    ]);
    expect(described("post", "/api/authenticate")["x-rateLimit"]).toEqual(
      expect.arrayContaining([
        { name: "loginIp", limit: 100, windowSeconds: 300, per: "ip", counts: "requests", setting: "LOGIN_IP_LIMIT" },
        { name: "loginUser", limit: 10, windowSeconds: 300, per: "username", counts: "requests", setting: "LOGIN_USER_LIMIT" },
      ]),
    );
    for (const [route, item] of Object.entries(paths))
      for (const [method, op] of Object.entries(item)) {
        if (!op["x-rateLimit"]) continue;
        expect(Object.keys(op.responses[429]?.headers ?? {}), `${method} ${route}`).toEqual([
          "Retry-After",
          "RateLimit-Limit",
          "RateLimit-Remaining",
          "RateLimit-Reset",
        ]);
      }
  });

  it("list the API key's own limit on every operation that accepts keys, and no other", () => {
    for (const op of apiOperations) {
      const limits = described(op.method, op.path)["x-rateLimit"] ?? [];
      const withKey = op.auth === "tokenOrApiKey" || op.auth === "optional";
      expect(
        limits.some((limit) => limit.name === "apiKey"),
        `${op.operationId}`,
      ).toBe(withKey);
    }
  });

  it("are each declared by an endpoint that applies them, and every limit a module applies comes from the registry", () => {
    const declared = new Set(apiOperations.flatMap((op) => (op.rateLimits ?? []).map((rule) => rule.name)));
    const named = Object.values(rateLimits).filter((rule: RateLimitRule) => rule.per !== "apiKey");
    expect(named.filter((rule) => !declared.has(rule.name)).map((rule) => rule.name)).toEqual([]);
    for (const file of [...files("lib", ".ts"), ...files("app", ".ts")]) {
      const calls = [...source(file).matchAll(/\b(?:enforceRateLimit|refuseOverLimit)\(\s*([^,)]+)/g)].map((match) => match[1]!.trim());
      // The limiter itself, and endpoint() counting its descriptor's rules.
      const wrappers = ["lib/security/rate-limit.ts", "lib/http/endpoint.ts"];
      if (wrappers.includes(file)) continue;
      for (const argument of calls) expect(argument, file).toMatch(/^rateLimits\.\w+$/);
    }
  });

  it("declared by a descriptor for its use case are reachable from the route that serves it (no stale declaration)", () => {
    const stale: string[] = [];
    for (const file of files("app/api", "route.ts")) {
      const reachable = reachableLimits(file);
      for (const match of source(file).matchAll(/endpoint\(\s*\w+\.(\w+)/g)) {
        const op = apiOperations.find((candidate) => candidate.operationId === match[1]);
        for (const rule of op?.rateLimits ?? [])
          if (rule.enforcedBy === "useCase" && !reachable.has(rule.name)) stale.push(`${op!.operationId}: ${rule.name}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("refuse, inside an endpoint, a limit its descriptor does not declare, before counting it", async () => {
    const stampInfo = signerOperations.getStampInfo;
    await expect(runAsOperation(stampInfo, () => enforceRateLimit(rateLimits.forgotIp, "192.0.2.1"))).rejects.toThrow(
      "Operation getStampInfo applies rate limit forgotIp, which its descriptor does not declare",
    );
    await expect(runAsOperation(stampInfo, () => refuseOverLimit(rateLimits.metricsTokenFailures, "192.0.2.1"))).rejects.toThrow(
      /does not declare/,
    );
  });
});
