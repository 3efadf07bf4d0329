// What signers get from the signer API on this machine, measured from outside: a production build
// (`next build`) served by our run command (server.ts, Next's request handler, as `npm start` runs it) on
// a free port, under autocannon load at `connections` connections, side by side in one run with
//   T  a trivial route handler of the same server (GET /api/data/validationProcessStatuses: the same
//      apiRoute wrapper, no database), the floor Next itself sets, and
//   B  a bare node:http + pg server doing the same signer read (the process with its document,
//      organisation, sender, flow steps, files and contact) in one SQL query, the floor of the driver.
// It prints req/s, p50 and p99 of GET getSignatureProcess (G) and of both floors, the ratios G/T and
// G/B, and the SQL statements each request sends, counted on the wire by a relay in front of PostgreSQL
// (tests/support/pg-statement-counter.ts) in a first, separate start of the server. Then selfie evidence
// uploads (JPEG 1280x720) per second through the same server, and the signer home page's first-load
// JavaScript from the build.
// Run: npx tsx bench/signer-api.ts [seconds] [connections] [--no-build]  (10 s and 10 connections by
// default; --no-build reuses the last build in .next. Its own database rubrica_bench_signer, recreated
// and migrated each run, and Redis db 12; ~2 min plus the build.)
import "dotenv/config";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import sharp from "sharp";
import { flushRedis, migrateDatabase, recreateDatabase } from "@/tests/support/database";
import { startStatementCounter } from "@/tests/support/pg-statement-counter";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const build = !process.argv.includes("--no-build");
const seconds = Number(args[0] ?? 10);
const connections = Number(args[1] ?? 10);
const readSigners = 200; // G rotates through these (two shipments of 100)
const sequentialUploads = 20;
const concurrentUploads = 40; // `connections` at a time, signers spread over several documents
const processPath = (hexId: string) => `/api/signprocess/getSignatureProcess/${hexId}`;
const trivialPath = "/api/data/validationProcessStatuses";

// Set before any app module is imported (lib/db/client reads env() at import), and handed to the servers.
// Mail would only go out when a signer finishes, which a selfie never does here; SMTP is unset anyway.
const benchEnv = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/rubrica_bench_signer",
  // Redis db 12: the integration slots take 15 and 12-N (9 is TEST_SLOT 3's), send-shipment 13, e2e 14.
  REDIS_URL: "redis://127.0.0.1:6379/12",
  STORAGE_DIR: path.join(root, ".tmp/bench-signer/storage"),
  MAIL_OUTBOX_DIR: path.join(root, ".tmp/bench-signer/outbox"),
  SMTP_URL: "",
  AUTH_SECRET: process.env.AUTH_SECRET || "bench-signer-secret-0123456789abcdef0123456789abcdef",
  DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || "2f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
  APP_BASE_URL: "http://127.0.0.1:3000",
  NEXT_TELEMETRY_DISABLED: "1",
};
// The bare server's child gets its DATABASE_URL from here (straight, or through the counting relay).
if (process.argv[2] !== "--bare") Object.assign(process.env, benchEnv);

type Link = { hexId: string; secret: string };

// ---------------------------------------------------------------------------------------------------
// B (child process, --bare): node:http + pg, the signer read in one SQL query, the link's secret checked.

const signerReadSql = `
SELECT to_jsonb(s) - 'urlSignHash' AS signer, s."urlSignHash" AS hash, jsonb_build_object(
  'document', to_jsonb(d),
  'organization', (SELECT jsonb_build_object('id', o.id, 'hexId', o."hexId", 'name', o.name, 'logoFileName', o."logoFileName",
                     'timezone', o.timezone, 'country', o.country) FROM "Organization" o WHERE o.id = d."organizationId"),
  'sender', (SELECT jsonb_build_object('firstName', u."firstName", 'lastName', u."lastName", 'email', u.email) FROM "User" u WHERE u.id = d."senderId"),
  'flow', (SELECT to_jsonb(f) || jsonb_build_object('steps', COALESCE((
             SELECT jsonb_agg(to_jsonb(fs) || jsonb_build_object('documentType',
               (SELECT jsonb_build_object('name', dt.name, 'hasRear', dt."hasRear") FROM "DocumentType" dt WHERE dt.id = fs."documentTypeId"))
               ORDER BY fs.position)
             FROM "FlowStep" fs WHERE fs."flowId" = f.id), '[]'::jsonb)) FROM "Flow" f WHERE f.id = d."flowId"),
  'files', COALESCE((SELECT jsonb_agg(jsonb_build_object('hexId', df."hexId", 'fileName', df."fileName", 'pages', df.pages, 'size', df.size,
             'sha256', df.sha256) ORDER BY df.id) FROM "DocumentFile" df WHERE df."documentId" = d.id), '[]'::jsonb),
  'contact', (SELECT jsonb_build_object('hexId', c."hexId") FROM "Contact" c WHERE c.id = s."contactId")
) AS related
FROM "Signer" s JOIN "Document" d ON d.id = s."documentId" WHERE s."hexId" = $1`;

async function serveBare(port: number) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const server = http.createServer((req, res) => {
    const hexId = /^\/api\/signprocess\/getSignatureProcess\/([0-9a-f]{32})$/.exec(req.url ?? "")?.[1];
    const secret = req.headers["x-url-sign"];
    if (!hexId || typeof secret !== "string") return void res.writeHead(404).end();
    pool
      .query<{ signer: Record<string, unknown>; hash: string | null; related: Record<string, unknown> }>(signerReadSql, [hexId])
      .then(({ rows: [row] }) => {
        const given = createHash("sha256").update(secret).digest();
        const ok = row?.hash && timingSafeEqual(given, Buffer.from(row.hash, "hex"));
        if (!row || !ok) return void res.writeHead(404).end();
        res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify({ ...row.signer, ...row.related }));
      })
      .catch((error: unknown) => {
        console.error("[bare]", error);
        res.writeHead(500).end();
      });
  });
  server.listen(port, "127.0.0.1", () => console.log("> Ready"));
  process.on("SIGTERM", () => server.close(() => void pool.end().finally(() => process.exit(0))));
}

// ---------------------------------------------------------------------------------------------------
// Servers.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A child process started with this process's loader (tsx), ready once it says so: "> Ready" (the bare server) or the JSON log line "ready" (server.ts, once warm). */
async function startChild(script: string[], databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...process.execArgv, ...script, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${script.join(" ")} not ready after 120 s`)), 120_000);
    child.once("exit", (code) => reject(new Error(`${script.join(" ")} exited (${code}) before it was ready`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!/> Ready|"msg":"ready"/.test(out)) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      child.stdout?.removeAllListeners("data");
      child.stdout?.resume();
      resolve();
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

const startWeb = (databaseUrl: string) => startChild([path.join(root, "server.ts")], databaseUrl);
const startBare = (databaseUrl: string) => startChild([fileURLToPath(import.meta.url), "--bare"], databaseUrl);

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

// ---------------------------------------------------------------------------------------------------
// The bench.

type Target = (link: Link) => { path: string; headers: Record<string, string> };
const signerRead: Target = (link) => ({ path: processPath(link.hexId), headers: { "x-url-sign": link.secret } });
const trivial: Target = () => ({ path: trivialPath, headers: {} });

/** Load on one target, each request for the next signer. Latencies are kept per response, so that rounds can be pooled. */
async function load(base: string, links: Link[], target: Target, options: { duration?: number; amount?: number }) {
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
              const { path: requestPath, headers } = target(links[next++ % links.length]!);
              return { ...request, path: requestPath, headers: { ...request.headers, ...headers, "user-agent": "bench" } };
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

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} kB`;

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

/** SQL statements per request of each target, counted on the wire; `servers` reach the database through the relay. */
async function statementsPerRequest(bases: { web: string; bare: string }, readers: Link[], counter: { count(): number; reset(): void }) {
  const per = async (base: string, target: Target) => {
    for (const link of readers.slice(0, 20)) await fetch(`${base}${target(link).path}`, { headers: target(link).headers }); // warm
    counter.reset();
    const sample = readers.slice(0, 100);
    for (const link of sample) {
      const response = await fetch(`${base}${target(link).path}`, { headers: target(link).headers });
      if (response.status !== 200) throw new Error(`${target(link).path}: ${response.status}`);
      await response.arrayBuffer();
    }
    return counter.count() / sample.length;
  };
  return { signerRead: await per(bases.web, signerRead), trivial: await per(bases.web, trivial), bare: await per(bases.bare, signerRead) };
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
  const shipment = async (count: number, steps: ("ID_PHOTO" | "SELFIE" | "SIGNATURE")[]) => {
    const { signers, flow } = await createSentShipment(organization.id, {
      signers: Array.from({ length: count }, () => ({ identNumber: "12345678Z" })),
      steps,
    });
    return { flow, links: signers.map((s) => ({ id: s.id, hexId: s.hexId, secret: s.secret! })) };
  };
  // Readers stand where a read costs most: on a selfie compared with their ID photo, so that the answer
  // includes the step's latest check.
  const readers: Link[] = [];
  for (let i = 0; i < 2; i++) {
    const { flow, links } = await shipment(readSigners / 2, ["ID_PHOTO", "SELFIE", "SIGNATURE"]);
    await db.flowStep.updateMany({ where: { flowId: flow.id, type: "SELFIE" }, data: { compareTarget: "ID_FRONT" } });
    await db.signer.updateMany({ where: { id: { in: links.map((l) => l.id) } }, data: { status: "IN_PROGRESS", currentStep: 1 } });
    readers.push(...links);
  }
  // Upload signers: 12 documents of 5, taken round-robin so that concurrent uploads mostly lock different documents.
  const perDocument = await Promise.all(
    Array.from({ length: (sequentialUploads + concurrentUploads) / 5 }, async () => (await shipment(5, ["SELFIE", "SIGNATURE"])).links),
  );
  const uploaders = Array.from({ length: 5 }, (_, i) => perDocument.map((signers) => signers[i]!)).flat();
  const photo = await selfieJpeg();
  await db.$disconnect();
  console.log(`setup (database, ${readSigners + uploaders.length} signers) ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

  if (build || !existsSync(path.join(root, ".next/BUILD_ID"))) {
    const started = performance.now();
    const run = spawnSync("npx", ["next", "build"], { cwd: root, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`next build failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
    console.log(`next build ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else console.log("next build skipped (--no-build): the last build in .next");

  // 1. Statements per request: both servers reach PostgreSQL through the counting relay.
  const counter = await startStatementCounter(benchEnv.DATABASE_URL);
  const counted = { web: await startWeb(counter.url), bare: await startBare(counter.url) };
  let statements;
  try {
    statements = await statementsPerRequest({ web: counted.web.base, bare: counted.bare.base }, readers, counter);
  } finally {
    await Promise.all([stop(counted.web.child), stop(counted.bare.child)]);
    await counter.close();
  }

  // 2. Load: both servers straight to PostgreSQL.
  const web = await startWeb(benchEnv.DATABASE_URL);
  const bare = await startBare(benchEnv.DATABASE_URL);
  try {
    const first = readers[0]!;
    const checkG = await fetch(`${web.base}${processPath(first.hexId)}`, { headers: { "x-url-sign": first.secret } });
    const bodyG = (await checkG.json()) as { result?: number; data?: { nextPage?: string } };
    const checkB = await fetch(`${bare.base}${processPath(first.hexId)}`, { headers: { "x-url-sign": first.secret } });
    const bodyB = (await checkB.json()) as { hexId?: string };
    const checkT = await fetch(`${web.base}${trivialPath}`);
    if (bodyG.result !== 1 || bodyG.data?.nextPage !== "selfie-photo" || bodyB.hexId !== first.hexId || checkT.status !== 200)
      throw new Error(
        `servers answer wrongly: G ${checkG.status} ${JSON.stringify(bodyG).slice(0, 200)}, B ${checkB.status}, T ${checkT.status}`,
      );
    const loadAverage = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
    console.log(
      `${seconds} s per target, ${connections} connections, ${readSigners} signers rotated; load average ${loadAverage} on ${os.cpus().length} cores`,
    );

    // Warm-up (JIT, pool connections, configuration held in memory), then T G B B G T, half the time
    // each: others share this machine, and a drift in its load then weighs on all alike.
    for (const [base, target] of [
      [web.base, trivial],
      [web.base, signerRead],
      [bare.base, signerRead],
    ] as const)
      await load(base, readers, target, { amount: 1000 });
    const half = seconds / 2;
    const t1 = await load(web.base, readers, trivial, { duration: half });
    const g1 = await load(web.base, readers, signerRead, { duration: half });
    const b1 = await load(bare.base, readers, signerRead, { duration: half });
    const b2 = await load(bare.base, readers, signerRead, { duration: half });
    const g2 = await load(web.base, readers, signerRead, { duration: half });
    const t2 = await load(web.base, readers, trivial, { duration: half });
    const [g, t, b] = [pooled([g1, g2]), pooled([t1, t2]), pooled([b1, b2])];
    const line = (label: string, r: typeof g, sql: number) =>
      console.log(
        `${label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  ${sql.toFixed(2)} SQL/req  (${r.ok} ok, ${r.bad} failed)`,
      );
    line("G  GET getSignatureProcess (next start)", g, statements.signerRead);
    line("T  trivial route handler, same server", t, statements.trivial);
    line("B  bare node:http + pg, one SQL query", b, statements.bare);
    const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
    console.log(`ratio G/T  ${(g.rps / t.rps).toFixed(2)}x req/s (goal >= 0.70: ${verdict(g.rps / t.rps >= 0.7)})`);
    console.log(`ratio G/B  ${(g.rps / b.rps).toFixed(2)}x req/s, ${(g.p99 / b.p99).toFixed(2)}x p99`);
    console.log(
      `G p99 ${g.p99.toFixed(1)} ms (goal <= 50 ms: ${verdict(g.p99 <= 50)}); G statements per request ${statements.signerRead.toFixed(2)} (goal <= 2: ${verdict(statements.signerRead <= 2)})`,
    );

    console.log(
      `selfie uploads (POST evidence, JPEG 1280x720 ${(photo.length / 1024).toFixed(0)} kB, stamped and stored), one fresh signer each:`,
    );
    const sequential = await uploads(web.base, uploaders.slice(0, sequentialUploads), photo, 1);
    const concurrent = await uploads(web.base, uploaders.slice(sequentialUploads), photo, connections);
    const uploadLine = (label: string, r: typeof sequential) =>
      console.log(
        `  ${label.padEnd(42)} ${r.perSecond.toFixed(1).padStart(6)} uploads/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}${r.failed ? `  (${r.failed} failed)` : ""}`,
      );
    uploadLine(`${sequentialUploads} sequential`, sequential);
    uploadLine(`${concurrentUploads} with ${connections} at a time (p99 ~ slowest)`, concurrent);
  } finally {
    await Promise.all([stop(web.child), stop(bare.child)]);
    rmSync(path.join(root, ".tmp/bench-signer"), { recursive: true, force: true });
  }
  firstLoadJs();
}

if (process.argv[2] === "--bare") {
  const port = Number(process.argv[process.argv.indexOf("-p") + 1]);
  serveBare(port).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
