import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Queue } from "bullmq";
import { unzipSync } from "fflate";
import { Redis } from "ioredis";
import pg from "pg";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { flushRedis, migrateDatabase, recreateDatabase, seedDatabase } from "../support/database";
import { readEnvFile } from "../support/env-file";
import { hardhatNode, type HardhatNode } from "../support/hardhat-node";
import { OpensslPki } from "../support/openssl-pki";
import { startS3Server } from "../support/s3-server";
import { drawnSignature, testPdf } from "../support/signing";
import { startSmtpSink } from "../support/smtp-sink";
import { startWorker, until, type WorkerProcess } from "../support/worker-process";
import { demo } from "./support/accounts";

// Issue 13 item 5: the same code on two web and two worker nodes against one PostgreSQL, one Redis and one S3-compatible
// store, behind a small round-robin proxy. Shipments go through sending, signing (the signer API), sealing, stamping on
// a local chain and the integrator's callback; each document ends with exactly one seal, one stamp per evidence and one
// callback; the repeating jobs are the ones workers/registry.ts declares, each scheduled once, and a repeating job runs
// once per tick although both workers take jobs; a setting changed through one node is what the other serves; a file
// uploaded through one node is served by the other. Each node has a local directory of its own (STORAGE_DIR,
// MAIL_OUTBOX_DIR), as separate machines would, and it stays empty: objects go to the bucket, mails to the SMTP sink,
// and the seal and signer CA are the operator's PKCS#12 settings, the same on every node (without them the generated
// development certificates are shared through the database: tests/integration/development-credentials.test.ts). The web
// nodes are the production build this stage made (scripts/test.sh builds before the browser tests), started as in
// production (server.ts); the nodes have their own database, Redis db, bucket and chain, apart from the browser tests'.

const root = path.resolve(import.meta.dirname, "../..");
const shipments = 4;
/** STAMPING_EVERY_MS for this test: the stamping job (a no-op once everything is stamped) repeats every 2 s. */
const tickMs = 2_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

type WebNode = { port: number; url: string; process: ChildProcess; output: () => string };

function startWebNode(port: number, env: Record<string, string>): WebNode {
  const child = spawn("npx", ["tsx", "server.ts", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, DOTENV_CONFIG_PATH: "/nonexistent/.env", ...env, NODE_ENV: "production" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  return { port, url: `http://127.0.0.1:${port}`, process: child, output: () => output };
}

function stopProcess(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/** A round-robin HTTP proxy in front of the web nodes; it counts what each node answered. */
function startProxy(port: number, backends: WebNode[]) {
  const served = backends.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const index = next++ % backends.length;
    served[index]!++;
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: backends[index]!.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `127.0.0.1:${port}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise<{ url: string; served: number[]; close: () => Promise<void> }>((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        served,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The integrator's receiver: every callback it gets, by the path its shipment was given. */
async function startReceiver() {
  const received: { path: string; body: { event: string; documentHexId: string; downloadUrl: string | null } }[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      received.push({ path: incoming.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      outgoing.writeHead(200).end("ok");
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

test.describe("two web nodes and two workers", () => {
  test("share one database, Redis and S3 store: each shipment signed, sealed, stamped and called back exactly once", async () => {
    test.setTimeout(420_000);
    const base = readEnvFile(path.join(root, "tests/e2e/e2e.env"));
    const databaseUrl = "postgresql://postgres@127.0.0.1:5432/rubrica_multinode";
    const redisUrl = "redis://127.0.0.1:6379/12";
    const [proxyPort, portA, portB, chainPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    // Each node's own disk: what a node keeps there is seen by no other node.
    const nodesDir = path.join(root, ".tmp/multinode");
    await rm(nodesDir, { recursive: true, force: true });
    const nodeDirs: string[] = [];
    const ownDisk = async (node: string) => {
      const dir = path.join(nodesDir, node);
      nodeDirs.push(dir);
      await mkdir(dir, { recursive: true });
      return { STORAGE_DIR: path.join(dir, "storage"), MAIL_OUTBOX_DIR: path.join(dir, "outbox") };
    };

    const cleanup: (() => Promise<unknown> | unknown)[] = [];
    try {
      // The operator's seal certificate and signer CA, set alike on every node (PDF_SIGNING_P12_*, PDF_SIGNER_CA_P12_*).
      const pki = new OpensslPki();
      cleanup.push(() => pki.remove());
      const seal = pki.pkcs12("/C=ES/O=Multinodo Pruebas/CN=Multinodo Sello", "clave-sello");
      const signerCa = pki.pkcs12("/C=ES/O=Multinodo Pruebas/CN=Multinodo CA Firmantes", "clave-ca", {
        extensions: ["basicConstraints=critical,CA:TRUE,pathlen:1", "keyUsage=critical,keyCertSign,cRLSign"],
      });
      const certificateDer = (pemPath: string) => new X509Certificate(readFileSync(pemPath)).raw;

      const [s3, sink, receiver] = await Promise.all([startS3Server("rubrica-multinode"), startSmtpSink(), startReceiver()]);
      cleanup.push(
        () => s3.stop(),
        () => sink.stop(),
        () => receiver.close(),
      );
      const chain: HardhatNode = hardhatNode(chainPort);
      await chain.start();
      cleanup.push(() => chain.stop());

      const env: Record<string, string> = {
        ...base,
        ...s3.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        APP_BASE_URL: `http://127.0.0.1:${proxyPort}`,
        NEXTAUTH_URL: `http://127.0.0.1:${proxyPort}`,
        SMTP_URL: sink.url,
        PDF_SIGNING_P12_BASE64: readFileSync(seal.path).toString("base64"),
        PDF_SIGNING_P12_PASSWORD: "clave-sello",
        PDF_SIGNER_CA_P12_BASE64: readFileSync(signerCa.path).toString("base64"),
        PDF_SIGNER_CA_P12_PASSWORD: "clave-ca",
        STAMPING_EVERY_MS: String(tickMs),
        STAMPING_NETWORKS: "local",
        STAMPING_PRIVATE_KEY: hardhatDevKey,
        STAMPING_LOCAL_RPC_URL: chain.url,
        STAMPING_LOCAL_CHAIN_ID: "31337",
        CALLBACK_ALLOW_PRIVATE_NETWORKS: "true",
        LOG_LEVEL: "warn",
        // The production lock (tests/support/worker-process.ts shortens it for the kill tests).
        WORKER_LOCK_MS: "30000",
      };
      await recreateDatabase(databaseUrl);
      const setup = { ...env, ...(await ownDisk("setup")) };
      migrateDatabase(setup);
      seedDatabase(setup);
      await flushRedis(redisUrl);

      const webA = startWebNode(portA, { ...env, ...(await ownDisk("web-a")) });
      const webB = startWebNode(portB, { ...env, ...(await ownDisk("web-b")) });
      cleanup.push(
        () => stopProcess(webA.process),
        () => stopProcess(webB.process),
      );
      const workers: WorkerProcess[] = [
        startWorker({ ...env, ...(await ownDisk("worker-1")) }),
        startWorker({ ...env, ...(await ownDisk("worker-2")) }),
      ];
      cleanup.push(() => workers.forEach((worker) => worker.kill()));
      for (const node of [webA, webB])
        await until(async () => (await fetch(`${node.url}/api/health`).catch(() => null))?.ok === true, 500, 120_000).catch(
          (error: unknown) => {
            throw new Error(`web node on ${node.port} did not start: ${String(error)}\n${node.output()}`);
          },
        );
      const proxy = await startProxy(proxyPort, [webA, webB]);
      cleanup.push(() => proxy.close());
      const at =
        (url: string) =>
        (pathname: string, init: RequestInit = {}) =>
          fetch(`${url}${pathname}`, { redirect: "manual", ...init });
      const viaProxy = at(proxy.url);

      // Both workers alive for /api/ready, whichever node answers.
      const bothWorkersReady = () =>
        until(
          async () => {
            const answer = (await (await viaProxy("/api/ready")).json()) as {
              parts?: Record<string, { state?: string; workers?: number }>;
            };
            return JSON.stringify(answer).includes('"workers":2');
          },
          1000,
          60_000,
        ).catch(async () => {
          throw new Error(`/api/ready never counted two workers: ${await (await viaProxy("/api/ready")).text()}`);
        });
      await bothWorkersReady();

      const signedIn = await viaProxy("/api/authenticate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: demo.orgAdmin.email, password: demo.orgAdmin.password }),
      });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };
      const api = (pathname: string, init: RequestInit & { json?: unknown } = {}, url = proxy.url) =>
        fetch(`${url}${pathname}`, {
          ...init,
          redirect: "manual",
          headers: {
            authorization: `Bearer ${token}`,
            ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
            ...(init.headers as Record<string, string> | undefined),
          },
          body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
        });

      // A setting changed through one node is what the other serves at once (its cache told through Redis).
      const attempts = async (url: string) =>
        ((await (await api("/api/organization/settings", {}, url)).json()) as { values: { max_capture_attempts: number } }).values
          .max_capture_attempts;
      const before = await attempts(webB.url);
      const changed = before === 7 ? 6 : 7;
      expect((await api("/api/organization/settings", { method: "PUT", json: { max_capture_attempts: changed } }, webA.url)).status).toBe(
        200,
      );
      await until(async () => (await attempts(webB.url)) === changed, 100, 5_000);

      // Shipments prepared and sent through the proxy, each with its own callback address.
      const documents: { documentHexId: string; email: string; callbackPath: string }[] = [];
      for (let n = 0; n < shipments; n++) {
        const callbackPath = `/callbacks/${n}-${randomUUID()}`;
        const draft = await api("/api/documents", {
          method: "POST",
          json: {
            title: `Contrato multinodo ${n}`,
            description: "Enviado por la prueba de varios nodos",
            expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
            flowHexId: null,
            tags: [],
            callBackUrl: `${receiver.url}${callbackPath}`,
            callBackUrlSoftFail: null,
          },
        });
        expect(draft.status, await draft.clone().text()).toBe(201);
        const { documentHexId } = (await draft.json()) as { documentHexId: string };
        const form = new FormData();
        form.set("file", new Blob([Buffer.from(await testPdf(`Contrato multinodo ${n}`))], { type: "application/pdf" }), "contrato.pdf");
        const uploaded = await api(`/api/documents/${documentHexId}/files`, { method: "POST", body: form });
        expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300);
        const email = `multinode-${n}-${Date.now()}@example.test`;
        const signers = await api(`/api/documents/${documentHexId}/signers`, {
          method: "PUT",
          json: {
            signers: [
              {
                firstName: "Nodo",
                lastName: `Firmante ${["Uno", "Dos", "Tres", "Cuatro"][n]}`,
                email,
                cellPhone: null,
                preferredLanguage: "es-es",
                position: 1,
                mandatory: true,
                canReject: true,
              },
            ],
            orders: [{ position: 1, minSigners: 1 }],
          },
        });
        expect(signers.status, await signers.clone().text()).toBe(200);
        const sent = await api(`/api/documents/${documentHexId}/send`, { method: "POST" });
        expect(sent.status, await sent.clone().text()).toBe(200);
        documents.push({ documentHexId, email, callbackPath });
      }

      // Each signer follows the link of their invitation (sent once, by one of the workers) through the signer API.
      for (const [n, document] of documents.entries()) {
        const mail = await sink.waitFor((message) => message.to.includes(document.email), 60_000);
        const link = /\/sign\/([0-9a-f]+)\/([0-9a-f]{32})/.exec(mail.text)!;
        expect(link, mail.text).not.toBeNull();
        const [, secret, processHexId] = link;
        const opened = await viaProxy(`/sign/${secret}/${processHexId}`);
        expect(opened.headers.get("location") ?? "").toContain(`/signature-process/home-page/${secret}/${processHexId}`);
        const step = async (page: string, body: unknown) => {
          const answer = await viaProxy(`/api/signprocess/${processHexId}/step/${page}`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-url-sign": secret! },
            body: JSON.stringify(body),
          });
          expect(answer.status, `${page}: ${await answer.clone().text()}`).toBe(200);
          return (await answer.json()) as { finished?: boolean };
        };
        await step("data-confirm", { identType: "DNI", identNumber: "12345678Z", country: "ES" });
        await step("accept-terms", { accepted: true, termsVersion: "1.0" });
        await step("see-document", { viewed: true });
        expect(await step("digital-signature", { image: await drawnSignature(n + 1) })).toMatchObject({ finished: true });
      }
      expect(sink.messages.filter((message) => documents.some((d) => message.to.includes(d.email)))).toHaveLength(shipments);

      // Sealed, stamped and called back, each exactly once.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      cleanup.push(() => client.end());
      const hexIds = documents.map((d) => d.documentHexId);
      await until(
        async () => {
          const { rows } = await client.query<{ sealed: string }>(
            `SELECT count(*) AS sealed FROM "Document" WHERE "hexId" = ANY($1) AND "sealedAt" IS NOT NULL`,
            [hexIds],
          );
          return Number(rows[0]!.sealed) === shipments && documents.every((d) => receiver.received.some((r) => r.path === d.callbackPath));
        },
        500,
        240_000,
      ).catch(async () => {
        throw new Error(
          `not all sealed and called back: ${receiver.received.length} callbacks\n${workers.map((w) => w.output()).join("\n")}\n${webA.output()}\n${webB.output()}`,
        );
      });
      // Time for a duplicate to show: a second seal or callback would come within the stamping/callback retries.
      await new Promise((resolve) => setTimeout(resolve, 5_000));

      const seals = await client.query<{ hexId: string; seals: string }>(
        `SELECT d."hexId", count(a.*) AS seals FROM "Document" d LEFT JOIN "AuditEvent" a ON a."documentId" = d.id AND a.type = 'document.sealed'
         WHERE d."hexId" = ANY($1) GROUP BY d."hexId"`,
        [hexIds],
      );
      expect(seals.rows.map((row) => Number(row.seals))).toEqual(hexIds.map(() => 1));
      for (const document of documents) {
        const callbacks = receiver.received.filter((r) => r.path === document.callbackPath);
        expect(callbacks.map((c) => [c.body.event, c.body.documentHexId])).toEqual([["document.completed", document.documentHexId]]);
      }
      // Every evidence of these shipments stamped once, in a confirmed batch whose transaction is on the chain.
      const stamps = await client.query<{ evidenceId: number; records: string; batches: string; localTx: string | null }>(
        `SELECT e.id AS "evidenceId", count(r.*) AS records, count(DISTINCT r."batchId") AS batches, max(b."localTx") AS "localTx"
         FROM "Evidence" e JOIN "Signer" s ON s.id = e."signerId" JOIN "Document" d ON d.id = s."documentId"
         LEFT JOIN "StampingRecord" r ON r."evidenceId" = e.id LEFT JOIN "StampBatch" b ON b.id = r."batchId" AND b.status = 'CONFIRMED'
         WHERE d."hexId" = ANY($1) GROUP BY e.id`,
        [hexIds],
      );
      expect(stamps.rows.length).toBeGreaterThanOrEqual(shipments);
      for (const row of stamps.rows)
        expect([Number(row.records), Number(row.batches), row.localTx?.startsWith("0x")]).toEqual([1, 1, true]);

      // Each signed PDF, written by a worker into the shared store, is served by either node; whichever process signed or
      // sealed it, it carries the operator's seal certificate and the chain of the operator's signer CA (the
      // organisation's signing CA, created once in the database, issued by it), never a development certificate.
      const sealHex = Buffer.from(certificateDer(seal.cert)).toString("hex");
      const signerCaHex = Buffer.from(certificateDer(signerCa.cert)).toString("hex");
      const developmentHex = Buffer.from("DEVELOPMENT - NOT VALID").toString("hex");
      const authorities = await client.query<{ certificate: Buffer }>(
        `SELECT DISTINCT a.certificate FROM "SigningAuthority" a JOIN "Document" d ON d."organizationId" = a."organizationId" WHERE d."hexId" = ANY($1)`,
        [hexIds],
      );
      expect(authorities.rows).toHaveLength(1);
      expect(new X509Certificate(authorities.rows[0]!.certificate).checkIssued(new X509Certificate(certificateDer(signerCa.cert)))).toBe(
        true,
      );
      for (const document of documents) {
        const downloadUrl = receiver.received.find((r) => r.path === document.callbackPath)!.body.downloadUrl!;
        const downloadPath = new URL(downloadUrl).pathname + new URL(downloadUrl).search;
        for (const node of [webA, webB]) {
          const download = await api(downloadPath, {}, node.url);
          expect(
            download.status,
            `${node.port}: ${await download
              .clone()
              .text()
              .catch(() => "")}`,
          ).toBe(200);
          // A ZIP of the signed file and the audit certificate, each sealed; the signatures' CMS are hex strings in /Contents.
          const pdfs = Object.values(unzipSync(new Uint8Array(await download.arrayBuffer()))).map((bytes) =>
            Buffer.from(bytes).toString("latin1").toLowerCase(),
          );
          expect(pdfs.length, `${document.documentHexId} from ${node.port}`).toBe(2);
          for (const pdf of pdfs)
            expect([pdf.startsWith("%pdf-"), pdf.includes(sealHex), pdf.includes(developmentHex)]).toEqual([true, true, false]);
          // The signed file's signer signature carries its chain up to the signer CA.
          expect(pdfs.some((pdf) => pdf.includes(signerCaHex))).toBe(true);
        }
      }

      // The repeating jobs are those workers/registry.ts declares with the nodes' settings (names and intervals), each
      // registered once although both workers registered them, each with one next run queued.
      const declared = JSON.parse(
        execFileSync(
          "npx",
          ["tsx", "-e", 'import { schedules } from "./workers/registry"; console.log("\\n" + JSON.stringify(schedules));'],
          { cwd: root, env: { ...process.env, DOTENV_CONFIG_PATH: "/nonexistent/.env", ...env, LOG_LEVEL: "silent" }, encoding: "utf8" },
        )
          .trim()
          .split("\n")
          .at(-1)!,
      ) as { name: string; queue: string; everyMs: number }[];
      const stampingSchedule = declared.filter((schedule) => schedule.everyMs === tickMs);
      expect(stampingSchedule.map((schedule) => schedule.name)).toEqual(["stamping.stamp-pending"]);
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      cleanup.push(() => redis.disconnect());
      const scheduled = new Set((await redis.keys("bull:*:repeat")).map((key) => key.split(":")[1]!));
      expect([...scheduled].sort()).toEqual([...new Set(declared.map((schedule) => schedule.queue))].sort());
      const queues = new Map([...scheduled].map((name) => [name, new Queue(name, { connection: redis.duplicate() })]));
      cleanup.push(() => Promise.all([...queues.values()].map((queue) => queue.close())));
      for (const [name, queue] of queues) {
        const schedulers = (await queue.getJobSchedulers(0, -1, true)).sort((a, b) => a.key.localeCompare(b.key));
        expect(
          schedulers.map((scheduler) => [scheduler.key, scheduler.name, scheduler.every]),
          name,
        ).toEqual(
          declared
            .filter((schedule) => schedule.queue === name)
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((schedule) => [schedule.name, schedule.name, schedule.everyMs]),
        );
      }
      // BullMQ queues a scheduler's next run when its current one is taken, so for a moment there may be none: read
      // (atomically per queue) until every scheduler shows exactly one, and never more than one.
      const upcomingSeen: Record<string, number[]> = {};
      await until(
        async () => {
          let allOne = true;
          for (const [name, queue] of queues) {
            const ids = await queue.getRanges(["delayed", "waiting", "prioritized", "paused"], 0, -1);
            for (const schedule of declared.filter((candidate) => candidate.queue === name)) {
              const count = ids.filter((id) => id.startsWith(`repeat:${schedule.name}:`)).length;
              (upcomingSeen[`${name}/${schedule.name}`] ??= []).push(count);
              if (count !== 1) allOne = false;
            }
          }
          return allOne;
        },
        100,
        10_000,
      ).catch(() => {
        throw new Error(`not every repeating job had exactly one next run queued: ${JSON.stringify(upcomingSeen)}`);
      });
      for (const [key, counts] of Object.entries(upcomingSeen)) expect(Math.max(...counts), key).toBe(1);

      // With both workers taking jobs, the stamping job runs once per tick: over ten ticks, the repeating runs of its queue
      // (BullMQ's job ids repeat:<scheduler>:<tick time>, whatever scheduled them, read from the queue's event stream since
      // finished runs are removed) complete once per tick time, and no two are less than STAMPING_EVERY_MS apart. (A run
      // that starts more than a tick late on a loaded machine makes BullMQ skip to the next tick, hence 7 of the 9 ticks
      // and spacings that are multiples of the tick.)
      await bothWorkersReady();
      const windowStart = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 10 * tickMs));
      const windowEnd = Date.now();
      await new Promise((resolve) => setTimeout(resolve, tickMs));
      const { queue: stampingQueue } = stampingSchedule[0]!;
      const events = (await redis.xrange(`bull:${stampingQueue}:events`, "-", "+")).map(([, fields]) => {
        const record: Record<string, string> = {};
        for (let i = 0; i < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
        return record;
      });
      const tickOf = (event: Record<string, string>) => Number(event.jobId!.split(":").at(-1));
      const inWindow = (event: Record<string, string>) =>
        event.jobId?.startsWith("repeat:") && tickOf(event) >= windowStart && tickOf(event) < windowEnd - tickMs;
      expect(events.filter((event) => event.event === "failed" && inWindow(event))).toEqual([]);
      const runs = events.filter((event) => event.event === "completed" && inWindow(event));
      const ticks = runs.map(tickOf);
      expect(ticks.length, JSON.stringify(runs.map((run) => run.jobId))).toBeGreaterThanOrEqual(7);
      expect(new Set(ticks).size, `a tick ran more than once: ${ticks.join(", ")}`).toBe(ticks.length);
      const sorted = [...ticks].sort((a, b) => a - b);
      const spacings = sorted.slice(1).map((tick, i) => tick - sorted[i]!);
      expect(
        spacings.filter((spacing) => spacing < tickMs || spacing % tickMs !== 0),
        spacings.join(", "),
      ).toEqual([]);
      // Both workers were still up: that one run per tick was with two of them taking jobs.
      await bothWorkersReady();

      // Nothing was kept on a node's own disk: no generated certificate, no stored object, no mail.
      for (const dir of nodeDirs) {
        const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => !entry.isDirectory());
        expect(
          files.map((entry) => path.join(entry.parentPath, entry.name)),
          dir,
        ).toEqual([]);
      }
      // Both nodes served the traffic.
      expect(Math.min(...proxy.served)).toBeGreaterThan(5);
    } finally {
      for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
    }
  });
});
