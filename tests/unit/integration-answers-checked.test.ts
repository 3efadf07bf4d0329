import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 12: every answer the integration tests get from a route handler is checked against the OpenAPI
// document. tests/support/http.ts's call() and sendRequest() do the check; a test that calls a handler itself
// skips it. This keeps every handler call going through them.

const gateway = "tests/support/http.ts";
const roots = ["tests/integration", "tests/support"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith(".ts") ? [full] : [];
  });
}

/** The names a source gives route handlers it imports from app/api: `import { GET as x }`, `const { POST: y } = await import(…)`. */
function handlerNames(source: string): string[] {
  const names: string[] = [];
  for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@\/app\/api\/[^"]*route"/g))
    for (const item of list!.split(","))
      names.push(
        item
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      );
  for (const [, list] of source.matchAll(/\{([^}]*)\}\s*=\s*await\s+import\(\s*"@\/app\/api\/[^"]*route"\s*\)/g))
    for (const item of list!.split(","))
      names.push(
        item
          .trim()
          .split(/\s*:\s*/)
          .pop()!,
      );
  return names.filter((name) => /^\w+$/.test(name));
}

/**
 * Where `source` calls a route handler itself instead of through call() or sendRequest(): the lines that build a
 * handler's route context (`{ params: Promise… }`, its type included) or call an imported handler by name.
 */
function directHandlerCalls(source: string): { line: number; text: string }[] {
  const names = handlerNames(source);
  const called =
    names.length > 0
      ? new RegExp(`(?<![\\w./"'\\x60$-])(${names.join("|")})\\s*\\(|\\(\\s*(${names.join("|")})\\s+as\\s+[^)]*\\)\\s*\\(`)
      : null;
  return source
    .split("\n")
    .map((text, index) => ({ line: index + 1, text: text.trim() }))
    .filter(({ text }) => /\bparams\??\s*:\s*Promise\b/.test(text) || (called !== null && called.test(text)));
}

describe("integration tests reach route handlers only through tests/support/http.ts", () => {
  it("finds a handler called directly, by name, through a cast, or with a route context of its own", () => {
    const header =
      'import { GET as listDocuments, POST } from "@/app/api/documents/route";\nconst { GET: crl } = await import("@/app/api/pki/[file]/route");\n';
    expect(directHandlerCalls(`${header}await listDocuments(request, context);`).map((hit) => hit.line)).toEqual([3]);
    expect(directHandlerCalls(`${header}await POST(request, context);`).map((hit) => hit.line)).toEqual([3]);
    expect(directHandlerCalls(`${header}await crl(request, context);`).map((hit) => hit.line)).toEqual([3]);
    expect(directHandlerCalls(`${header}await (listDocuments as RouteHandler)(request, context);`).map((hit) => hit.line)).toEqual([3]);
    expect(directHandlerCalls("await handler(request, { params: Promise.resolve({}) });").map((hit) => hit.line)).toEqual([1]);
    expect(
      directHandlerCalls("type Handler = (request: NextRequest, context: { params: Promise<{ id: string }> }) => Promise<Response>;"),
    ).toHaveLength(1);
    // What the helpers look like: no hit.
    expect(
      directHandlerCalls(`${header}await call(listDocuments, "/api/documents", { token });\nawait sendRequest(crl, request);`),
    ).toEqual([]);
  });

  it("finds none in the integration tests and their helpers", () => {
    const hits = roots
      .flatMap(sources)
      .filter((file) => path.normalize(file) !== path.normalize(gateway))
      .flatMap((file) => directHandlerCalls(readFileSync(file, "utf8")).map((hit) => `${file}:${hit.line}: ${hit.text}`));
    expect(
      hits,
      "call route handlers with call() or sendRequest() from tests/support/http.ts, which check the answer against the OpenAPI document",
    ).toEqual([]);
  });
});
