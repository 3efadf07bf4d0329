// The signer API under load on this machine: GET getSignatureProcess and selfie evidence uploads through
// our real route handlers (server A: node:http adapting each request into a NextRequest, the code path
// Next runs minus its router), against a bare node:http server doing the one database read that call
// needs (server B), in the same run, as a ratio. Then the first-load JavaScript of the signer home page
// from the last `next build` (.next), if there is one.
// Run: npx tsx bench/signer-api.ts [seconds] [connections]  (10 s, 10 connections by default; its own
// database rubrica_bench_signer, recreated and migrated each run, and Redis db 12; about 50 s in all)
import "dotenv/config";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { clientAddressHeader } from "@/lib/http/client-address";
import sharp from "sharp";
import { flushRedis, migrateDatabase, recreateDatabase } from "@/tests/support/database";

const root = fileURLToPath(new URL("..", import.meta.url));
// This process's hand-over token, as server.ts makes one (lib/http/request.ts believes the address only with it).
const clientAddressToken = (process.env.RUBRICA_CLIENT_ADDRESS_TOKEN ??= randomBytes(24).toString("hex"));
const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const readSigners = 200; // GET rotates through these (two shipments of 100)
const sequentialUploads = 20;
const concurrentUploads = 40; // `connections` at a time, signers spread over several documents
const processPath = (hexId: string) => `/api/signprocess/getSignatureProcess/${hexId}`;

// Set before any app module is imported (lib/db/client reads env() at import). Mail would only go out
// when a signer finishes, which a selfie never does here; SMTP is unset so nothing could leave anyway.
const benchEnv = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/rubrica_bench_signer",
  // Redis db 12: the integration slots take 15 and 12-N (9 is TEST_SLOT 3's), send-shipment 13, e2e 14.
  REDIS_URL: "redis://127.0.0.1:6379/12",
  STORAGE_DIR: path.join(root, ".tmp/bench-signer/storage"),
  MAIL_OUTBOX_DIR: path.join(root, ".tmp/bench-signer/outbox"),
  SMTP_URL: "",
  AUTH_SECRET: process.env.AUTH_SECRET || "bench-signer-secret-0123456789abcdef0123456789abcdef",
  DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || "2f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
};
Object.assign(process.env, benchEnv);

type Handler = (request: import("next/server").NextRequest, context: { params: Promise<{ id: string }> }) => Promise<Response>;
type Link = { hexId: string; secret: string };

// ---------------------------------------------------------------------------------------------------
// Child process (--serve): both servers, so that the load generator never shares their event loop.

async function serve() {
  const { NextRequest } = await import("next/server");
  const { GET: getProcess } = await import("@/app/api/signprocess/getSignatureProcess/[id]/route");
  const { POST: postEvidence } = await import("@/app/api/signprocess/[id]/evidence/route");
  const { db } = await import("@/lib/db/client");
  const { signerAccessInclude } = await import("@/lib/signing/signer-access");

  const routes: { method: string; pattern: RegExp; handler: Handler }[] = [
    { method: "GET", pattern: /^\/api\/signprocess\/getSignatureProcess\/([^/]+)$/, handler: getProcess },
    { method: "POST", pattern: /^\/api\/signprocess\/([^/]+)\/evidence$/, handler: postEvidence },
  ];

  // A: the request as Next hands it to a route handler, the response written back as it is.
  const serverA = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
      const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
      if (!route) return void res.writeHead(404).end();
      const id = decodeURIComponent(route.pattern.exec(url.pathname)?.[1] ?? "");
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        else if (value !== undefined) headers.set(name, value);
      }
      // The connection's address, handed over as our server (server.ts) does.
      headers.set(clientAddressHeader, `${clientAddressToken} ${req.socket.remoteAddress ?? "127.0.0.1"}`);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const init = {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
        duplex: "half",
      };
      const response = await route.handler(new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]), {
        params: Promise.resolve({ id }),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      console.error("[server A]", error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  // B: the least getSignatureProcess needs: the signer with what signerAccess includes, as JSON.
  const serverB = http.createServer((req, res) => {
    const hexId = /^\/api\/signprocess\/getSignatureProcess\/([0-9a-f]{32})$/.exec(req.url ?? "")?.[1];
    if (!hexId) return void res.writeHead(404).end();
    db.signer
      .findUnique({ where: { hexId }, include: signerAccessInclude })
      .then((signer) => {
        res.writeHead(signer ? 200 : 404, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify(signer));
      })
      .catch((error: unknown) => {
        console.error("[server B]", error);
        res.writeHead(500).end();
      });
  });

  const listen = (server: http.Server) =>
    new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
  const ports = { a: await listen(serverA), b: await listen(serverB) };
  const stop = () => {
    serverA.close();
    serverB.close();
    void db.$disconnect().finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.stdin.on("end", stop); // the bench went away
  process.stdin.resume();
  console.log(`ports ${JSON.stringify(ports)}`);
}

function startServers(): Promise<{ child: ChildProcess; a: string; b: string }> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--serve"], {
    cwd: root,
    // Production, as `next start` runs route handlers.
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`server process exited (${code}) before listening`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^ports (.+)$/m.exec(out)?.[1];
      if (!line) return;
      const ports = JSON.parse(line) as { a: number; b: number };
      child.removeAllListeners("exit");
      resolve({ child, a: `http://127.0.0.1:${ports.a}`, b: `http://127.0.0.1:${ports.b}` });
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The bench.

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} kB`;

/**
 * Load on GET getSignatureProcess, each request for the next signer with its secret. Latencies are
 * kept per response, so that rounds can be pooled into one percentile.
 */
async function load(base: string, links: Link[], options: { duration?: number; amount?: number }) {
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        ...options,
        requests: [
          {
            method: "GET",
            setupRequest: (request) => {
              const link = links[next++ % links.length]!;
              return {
                ...request,
                path: processPath(link.hexId),
                headers: { ...request.headers, "x-url-sign": link.secret, "user-agent": "bench" },
              };
            },
          },
        ],
      },
      (error: unknown, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return { requests: result["2xx"], seconds: result.duration, bad: result.non2xx + result.errors + result.timeouts, latencies };
}

type Load = Awaited<ReturnType<typeof load>>;

/** Rounds of one server pooled: requests per second over their time, percentiles over every response. */
function pooled(rounds: Load[]) {
  const latencies = rounds.flatMap((r) => r.latencies).sort((x, y) => x - y);
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const rps = requests / rounds.reduce((n, r) => n + r.seconds, 0);
  return { rps, p50: percentile(latencies, 50), p99: percentile(latencies, 99), ok: requests, bad: rounds.reduce((n, r) => n + r.bad, 0) };
}

async function selfieJpeg(): Promise<Buffer> {
  // What the selfie page sends: a camera frame (1280x720) as JPEG at quality 0.92. A face drawn over
  // sensor-like noise, so that it weighs what a camera's does (~110 kB) rather than a flat drawing's.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#f1c7a3"/><stop offset="1" stop-color="#8a5a3c"/></radialGradient></defs>
    <rect width="1280" height="720" fill="#cbd5e1" fill-opacity="0.7"/><rect x="0" y="480" width="1280" height="240" fill="#475569" fill-opacity="0.8"/>
    <ellipse cx="640" cy="330" rx="170" ry="220" fill="url(#g)" fill-opacity="0.9"/>
    <circle cx="580" cy="300" r="18" fill="#1e293b"/><circle cx="700" cy="300" r="18" fill="#1e293b"/>
    <path d="M570 420 Q640 470 710 420" stroke="#7f1d1d" stroke-width="10" fill="none"/></svg>`;
  const noise = await sharp({
    create: { width: 1280, height: 720, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function upload(base: string, link: Link, photo: Buffer): Promise<{ ms: number; ok: boolean }> {
  const form = new FormData();
  form.set("kind", "SELFIE");
  form.set("uploadId", randomUUID());
  form.set("capturedAt", new Date().toISOString());
  form.set("accepted", "true");
  form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "selfie.jpg");
  const started = performance.now();
  const response = await fetch(`${base}/api/signprocess/${link.hexId}/evidence`, {
    method: "POST",
    body: form,
    headers: { "x-url-sign": link.secret, "user-agent": "bench" },
  });
  const body = (await response.json()) as { result?: number; errorCode?: string };
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.result !== 1) console.error(`upload for ${link.hexId}: ${response.status} ${body.errorCode ?? ""}`);
  return { ms: elapsed, ok: response.status === 200 && body.result === 1 };
}

async function uploads(base: string, links: Link[], photo: Buffer, parallel: number) {
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let link = links[next++]; link; link = links[next++]) {
        const outcome = await upload(base, link, photo);
        times.push(outcome.ms);
        if (!outcome.ok) failed += 1;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((x, y) => x - y);
  return { perSecond: links.length / wall, p50: percentile(times, 50), p99: percentile(times, 99), failed };
}

/** First-load JS of the signer home page, from what the last `next build` wrote under .next. */
function firstLoadJs() {
  const next = path.join(root, ".next");
  const route = "/signature-process/home-page/[[...params]]/page";
  const manifestFile = path.join(next, "server/app", route.slice(1).replace(/\/page$/, ""), "page_client-reference-manifest.js");
  const buildManifestFile = path.join(next, "build-manifest.json");
  console.log("first-load JS, signer home page (/signature-process/home-page)");
  if (!existsSync(manifestFile) || !existsSync(buildManifestFile)) {
    console.log("  no production build in .next: run `npm run build` (next build), then this bench again");
    return;
  }
  if (!existsSync(path.join(next, "BUILD_ID")))
    console.log("  (.next has no BUILD_ID: a build may be running or have failed; figures are from the files it wrote)");
  // The route's client reference manifest is a script that fills globalThis.__RSC_MANIFEST[route].
  const sandbox = vm.createContext({});
  vm.runInContext(readFileSync(manifestFile, "utf8"), sandbox);
  const manifest = (sandbox as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> }).__RSC_MANIFEST?.[route];
  const build = JSON.parse(readFileSync(buildManifestFile, "utf8")) as { rootMainFiles?: string[]; polyfillFiles?: string[] };
  if (!manifest?.entryJSFiles) return console.log(`  ${manifestFile} names no entryJSFiles for ${route}`);
  // Every segment of this route's tree: the root layout, its error/not-found/forbidden/global-error
  // boundaries (their client components are in the first RSC payload) and the page itself.
  const groups: [string, string[]][] = [
    ["runtime + framework (rootMainFiles)", build.rootMainFiles ?? []],
    [
      "layout + page",
      [...(manifest.entryJSFiles["[project]/app/layout"] ?? []), ...(manifest.entryJSFiles[`[project]/app${route}`] ?? [])],
    ],
    ["boundaries (error, not-found, ...)", Object.values(manifest.entryJSFiles).flat()],
  ];
  const seen = new Set<string>();
  const total = { files: 0, raw: 0, gzip: 0 };
  for (const [label, files] of groups) {
    const sum = { files: 0, raw: 0, gzip: 0 };
    for (const file of files) {
      if (seen.has(file)) continue;
      seen.add(file);
      const full = path.join(next, file);
      if (!existsSync(full)) {
        console.log(`  missing chunk ${file}`);
        continue;
      }
      const bytes = readFileSync(full);
      sum.files += 1;
      sum.raw += bytes.length;
      sum.gzip += gzipSync(bytes, { level: 9 }).length;
    }
    console.log(`  ${label.padEnd(36)} ${String(sum.files).padStart(3)} chunks ${kb(sum.raw)} raw ${kb(sum.gzip)} gzip`);
    total.files += sum.files;
    total.raw += sum.raw;
    total.gzip += sum.gzip;
  }
  console.log(`  ${"total first load".padEnd(36)} ${String(total.files).padStart(3)} chunks ${kb(total.raw)} raw ${kb(total.gzip)} gzip`);
  const polyfills = (build.polyfillFiles ?? [])
    .filter((f) => existsSync(path.join(next, f)))
    .reduce((n, f) => n + readFileSync(path.join(next, f)).length, 0);
  console.log(`  (not counted: polyfills ${kb(polyfills).trim()} raw, loaded only by browsers without ES modules)`);
}

async function main() {
  const setupStarted = performance.now();
  await recreateDatabase(benchEnv.DATABASE_URL);
  migrateDatabase(Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === "string")));
  await flushRedis(benchEnv.REDIS_URL);
  rmSync(path.join(root, ".tmp/bench-signer"), { recursive: true, force: true });

  const { db } = await import("@/lib/db/client");
  const { createOrganization } = await import("@/lib/organizations/create-organization");
  const { createSentShipment } = await import("@/tests/support/signing");
  const { organization } = await db.$transaction((tx) =>
    createOrganization(tx, { name: "Banco Ibérico de Pruebas", country: "ES", timezone: "Europe/Madrid" }),
  );
  const shipment = async (count: number) => {
    const { signers } = await createSentShipment(organization.id, {
      signers: Array.from({ length: count }, () => ({ identNumber: "12345678Z" })),
      steps: ["SELFIE", "SIGNATURE"],
    });
    return signers.map((s) => ({ hexId: s.hexId, secret: s.secret! }));
  };
  const readers = [...(await shipment(readSigners / 2)), ...(await shipment(readSigners / 2))];
  // Upload signers: 12 documents of 5, taken round-robin so that concurrent uploads mostly lock different documents.
  const perDocument = await Promise.all(Array.from({ length: (sequentialUploads + concurrentUploads) / 5 }, () => shipment(5)));
  const uploaders = Array.from({ length: 5 }, (_, i) => perDocument.map((signers) => signers[i]!)).flat();
  const photo = await selfieJpeg();
  await db.$disconnect();

  const { child, a, b } = await startServers();
  try {
    // Both answer, and answer what they should, before anything is measured.
    const first = readers[0]!;
    const checkA = await fetch(`${a}${processPath(first.hexId)}`, { headers: { "x-url-sign": first.secret } });
    const bodyA = (await checkA.json()) as { result?: number; data?: { nextPage?: string } };
    const checkB = await fetch(`${b}${processPath(first.hexId)}`);
    const bodyB = (await checkB.json()) as { hexId?: string };
    if (bodyA.result !== 1 || bodyA.data?.nextPage !== "selfie-photo" || bodyB.hexId !== first.hexId)
      throw new Error(`servers answer wrongly: A ${checkA.status} ${JSON.stringify(bodyA).slice(0, 200)}, B ${checkB.status}`);
    console.log(
      `setup (database, ${readSigners + uploaders.length} signers, servers) ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; ${seconds} s per load, ${connections} connections, ${readSigners} signers rotated`,
    );

    await load(a, readers, { amount: 500 }); // warm-up: JIT, pool connections
    await load(b, readers, { amount: 500 });
    // A B B A, half the time each: others share this machine, and a drift in its load then weighs on both alike.
    const half = seconds / 2;
    const a1 = await load(a, readers, { duration: half });
    const b1 = await load(b, readers, { duration: half });
    const b2 = await load(b, readers, { duration: half });
    const a2 = await load(a, readers, { duration: half });
    const routeA = pooled([a1, a2]);
    const bareB = pooled([b1, b2]);
    const rate = (r: Load) => r.requests / r.seconds;
    const line = (label: string, r: typeof routeA) =>
      console.log(
        `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  (${r.ok} ok, ${r.bad} failed)`,
      );
    line("A  GET getSignatureProcess (route handler)", routeA);
    line("B  bare node:http, signer read only", bareB);
    console.log(
      `ratio A/B                                    ${(routeA.rps / bareB.rps).toFixed(2)}x req/s (per round ${(rate(a1) / rate(b1)).toFixed(2)}x, ${(rate(a2) / rate(b2)).toFixed(2)}x), ${(routeA.p99 / bareB.p99).toFixed(2)}x p99`,
    );

    console.log(
      `selfie uploads (POST evidence, JPEG 1280x720 ${(photo.length / 1024).toFixed(0)} kB, stamped and stored), one fresh signer each:`,
    );
    const sequential = await uploads(a, uploaders.slice(0, sequentialUploads), photo, 1);
    const concurrent = await uploads(a, uploaders.slice(sequentialUploads), photo, connections);
    const uploadLine = (label: string, r: typeof sequential) =>
      console.log(
        `  ${label.padEnd(42)} ${r.perSecond.toFixed(1).padStart(6)} uploads/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}${r.failed ? `  (${r.failed} failed)` : ""}`,
      );
    uploadLine(`${sequentialUploads} sequential`, sequential);
    uploadLine(`${concurrentUploads} with ${connections} at a time (p99 ~ slowest)`, concurrent);
  } finally {
    child.kill("SIGTERM");
    rmSync(path.join(root, ".tmp/bench-signer"), { recursive: true, force: true });
  }
  firstLoadJs();
}

if (process.argv[2] === "--serve") {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
