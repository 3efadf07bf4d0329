import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { flushRedis, migrateDatabase, recreateDatabase, seedDatabase } from "../support/database";
import { readEnvFile } from "../support/env-file";
import { hardhatNode, type HardhatNode } from "../support/hardhat-node";
import { startS3Server } from "../support/s3-server";
import { drawnSignature, testPdf } from "../support/signing";
import { startSmtpSink } from "../support/smtp-sink";
import { startWorker, until, type WorkerProcess } from "../support/worker-process";
import { demo } from "./support/accounts";

// Issue 13 item 5: the same code on two web and two worker nodes against one PostgreSQL, one Redis and one S3-compatible
// store, behind a small round-robin proxy. Shipments go through sending, signing (the signer API), sealing, stamping on
// a local chain and the integrator's callback; each document ends with exactly one seal, one stamp per evidence and one
// callback; the repeating jobs are scheduled once; a setting changed through one node is what the other serves; a file
// uploaded through one node is served by the other. The web nodes are the production build this stage made
// (scripts/test.sh builds before the browser tests), started as in production (server.ts); the nodes have their own
// database, Redis db, bucket and chain, apart from the browser tests' app.

const root = path.resolve(import.meta.dirname, "../..");
const shipments = 4;

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
    const storageDir = path.join(root, ".tmp/multinode/storage");
    await rm(storageDir, { recursive: true, force: true });
    await mkdir(storageDir, { recursive: true });

    const cleanup: (() => Promise<unknown> | unknown)[] = [];
    try {
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
        MAIL_OUTBOX_DIR: path.join(storageDir, "outbox"),
        // What stays on disk is the development signing certificate (STORAGE_DIR/pdf-signing); shared here as
        // production shares PDF_SIGNING_P12_* between its nodes.
        STORAGE_DIR: storageDir,
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
      migrateDatabase(env);
      seedDatabase(env);
      await flushRedis(redisUrl);

      const webA = startWebNode(portA, env);
      const webB = startWebNode(portB, env);
      cleanup.push(
        () => stopProcess(webA.process),
        () => stopProcess(webB.process),
      );
      const workers: WorkerProcess[] = [startWorker(env), startWorker(env)];
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
      await until(
        async () => {
          const answer = (await (await viaProxy("/api/ready")).json()) as { parts?: Record<string, { state?: string; workers?: number }> };
          return JSON.stringify(answer).includes('"workers":2');
        },
        1000,
        60_000,
      ).catch(async () => {
        throw new Error(`/api/ready never counted two workers: ${await (await viaProxy("/api/ready")).text()}`);
      });

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

      // The signed PDF, written by a worker into the shared store, is served by either node.
      const downloadUrl = receiver.received.find((r) => r.path === documents[0]!.callbackPath)!.body.downloadUrl!;
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
        expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }

      // The repeating jobs: each registered once although both workers registered them, each with one next run queued.
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      cleanup.push(() => redis.disconnect());
      const queueNames = (await redis.keys("bull:*:repeat")).map((key) => key.split(":")[1]!);
      expect(queueNames.length).toBeGreaterThan(0);
      for (const name of queueNames) {
        const queue = new Queue(name, { connection: redis.duplicate() });
        try {
          const schedulers = await queue.getJobSchedulers();
          const ids = schedulers.map((scheduler) => scheduler.key);
          expect(new Set(ids).size, `${name}: ${ids.join(", ")}`).toBe(ids.length);
          const upcoming = await queue.getJobs(["delayed", "waiting"]);
          for (const id of ids) expect(upcoming.filter((job) => job.repeatJobKey === id).length, `${name}/${id}`).toBeLessThanOrEqual(1);
        } finally {
          await queue.close();
        }
      }
      // Both nodes served the traffic.
      expect(Math.min(...proxy.served)).toBeGreaterThan(5);
    } finally {
      for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
    }
  });
});
