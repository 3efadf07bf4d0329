// From the last signature to a finished shipment: the time until the worker has signed the last
// signer's revision and sealed the PDF (audit certificate included), every evidence is stamped on chain,
// and the integrator's callback has arrived. Real pieces throughout: a worker process
// (workers/index.ts), PostgreSQL (its own database rubrica_bench_completion), Redis db 10, a local
// hardhat node (127.0.0.1:18610; other ones with TEST_SLOT), an SMTP sink for the completion mails and an HTTP callback receiver.
// Each run is one shipment of three signers; the first two sign beforehand, the clock starts when the
// third sends their signature through the signer API.
// Prints p50 and p95 over the runs (20 by default) and the machine's load.
// Run: npx tsx bench/completion.ts [runs]
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { flushRedis, migrateDatabase, recreateDatabase } from "@/tests/support/database";
import { hardhatDevKey } from "@/lib/stamping/networks";
import { hardhatNode } from "@/tests/support/hardhat-node";
import { startSmtpSink } from "@/tests/support/smtp-sink";
import { startWorker, until } from "@/tests/support/worker-process";

const runs = Number(process.argv[2] ?? 20);
const storageDir = mkdtempSync(path.join(tmpdir(), "bench-completion-"));
// TEST_SLOT=N (1-9) gives a run its own database, Redis db and chain port, as for the integration tests, so that
// two runs on one machine do not drop each other's data (not while the same slot's integration tests run: they share its Redis db).
const slot = Number(process.env.TEST_SLOT ?? 0);
if (!Number.isInteger(slot) || slot < 0 || slot > 9) throw new Error("TEST_SLOT must be an integer from 0 to 9 here");
const node = hardhatNode(18610 + slot);

// Set before any app module is imported (lib/db/client reads env() at import); the worker gets the same.
const benchEnv: Record<string, string> = {
  NODE_ENV: "test",
  DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/rubrica_bench_completion${slot ? `_${slot}` : ""}`,
  REDIS_URL: `redis://127.0.0.1:6379/${slot || 10}`,
  AUTH_SECRET: "bench-completion-secret-0123456789abcdef0123456789abcdef",
  DATA_ENCRYPTION_KEY: "3f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
  APP_BASE_URL: "http://127.0.0.1:3000",
  MAIL_FROM: "no-reply@rubrica.test",
  STORAGE_DIR: storageDir,
  STAMPING_NETWORKS: "local",
  STAMPING_LOCAL_RPC_URL: node.url,
  // The local chain's funded development account (a stamping network needs its sender's key).
  STAMPING_PRIVATE_KEY: hardhatDevKey,
  // The callback receiver listens on loopback: the explicit opt-in the integration tests use too (the default refuses it).
  CALLBACK_ALLOW_PRIVATE_NETWORKS: "true",
  WORKER_LOCK_MS: "30000",
};

/** The p-th percentile (nearest rank): p95 of 20 runs is the 19th fastest. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const median = (values: number[]) => percentile(values, 50);

async function main() {
  const mail = await startSmtpSink();
  benchEnv.SMTP_URL = mail.url;
  const arrivals = new Map<string, number>();
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (!arrivals.has(request.url ?? "")) arrivals.set(request.url ?? "", performance.now());
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  Object.assign(process.env, benchEnv);

  await recreateDatabase(benchEnv.DATABASE_URL!);
  migrateDatabase(benchEnv);
  await flushRedis(benchEnv.REDIS_URL!);
  await node.start();
  const worker = startWorker(benchEnv);

  const { db } = await import("@/lib/db/client");
  const { env } = await import("@/lib/config/env");
  const { createTestOrganization } = await import("@/tests/support/fixtures");
  const { createSentShipment, drawnSignature, signStep } = await import("@/tests/support/signing");
  const { closeProducers } = await import("@/lib/queue/enqueue");
  const { stampSoonDelayMs } = await import("@/lib/stamping/stamp-pending");

  const e = env();
  console.log(
    `${cpus().length} cores (load average ${loadavg()[0]!.toFixed(1)} at start), node ${process.version}; ${runs} runs of a shipment to 3 signers`,
  );
  console.log(
    `settings: STAMPING_EVERY_MS ${e.STAMPING_EVERY_MS} (plus a stamping run ${stampSoonDelayMs} ms after a signer finishes), STAMPING_SEAL_WAIT_MS ${e.STAMPING_SEAL_WAIT_MS}, no TSA (PAdES B-B)`,
  );
  const rows: { signed: number; sealed: number; stamped: number; calledBack: number }[] = [];
  try {
    const org = await createTestOrganization();
    for (let run = 0; run <= runs; run++) {
      const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}, {}], steps: ["SIGNATURE"] });
      const callbackPath = `/run-${run}`;
      await db.document.update({ where: { id: document.id }, data: { callBackUrl: `${receiverUrl}${callbackPath}` } });
      for (const [index, signer] of signers.slice(0, 2).entries()) {
        if (!(await signStep(signer.hexId, signer.secret!, await drawnSignature(run * 10 + index + 1))).body.finished)
          throw new Error("a signer could not sign");
      }
      // The first two signers' revisions are done and their evidence stamped before the clock starts.
      await until(
        async () => (await db.auditEvent.count({ where: { documentId: document.id, type: "signer.pdf-signed" } })) === 2,
        50,
        180_000,
      );
      await until(
        async () =>
          (await db.stampingRecord.count({ where: { evidence: { signer: { documentId: document.id } }, code: 200 } })) ===
          (await db.evidence.count({ where: { signer: { documentId: document.id } } })),
        50,
        180_000,
      );

      const last = signers[2]!;
      const started = performance.now();
      if (!(await signStep(last.hexId, last.secret!, await drawnSignature(run * 10 + 3))).body.finished)
        throw new Error("the last signer could not sign");
      const accepted = performance.now();
      let sealed = 0;
      let stamped = 0;
      await until(
        async () => {
          const now = performance.now();
          if (!sealed && (await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt) sealed = now;
          if (!stamped) {
            const evidences = await db.evidence.count({ where: { signer: { documentId: document.id } } });
            if ((await db.stampingRecord.count({ where: { evidence: { signer: { documentId: document.id } }, code: 200 } })) === evidences)
              stamped = now;
          }
          return Boolean(sealed && stamped && arrivals.has(callbackPath));
        },
        20,
        180_000,
      );
      // Run 0 warms the worker (module loading, first signature) and is not counted.
      const row = {
        signed: accepted - started,
        sealed: sealed - started,
        stamped: stamped - started,
        calledBack: arrivals.get(callbackPath)! - started,
      };
      console.log(
        `run ${run}${run ? "" : " (warm-up, not counted)"}: accepted ${row.signed.toFixed(0)} ms, stamped ${row.stamped.toFixed(0)} ms, sealed ${row.sealed.toFixed(0)} ms, called back ${row.calledBack.toFixed(0)} ms (load ${loadavg()[0]!.toFixed(1)})`,
      );
      if (run > 0) rows.push(row);
    }
  } finally {
    worker.kill();
    await worker.exited.catch(() => undefined);
    await closeProducers();
    await db.$disconnect();
    await node.stop();
    await mail.stop();
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(storageDir, { recursive: true, force: true });
  }
  const line = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(40)} p50 ${percentile(values, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(6)} ms   min ${Math.min(
        ...values,
      )
        .toFixed(0)
        .padStart(6)}   max ${Math.max(...values)
        .toFixed(0)
        .padStart(6)}`,
    );
  line(
    "signature accepted by the API",
    rows.map((r) => r.signed),
  );
  line(
    "evidence stamped on chain",
    rows.map((r) => r.stamped),
  );
  line(
    "PDF sealed (signed, certificate, seal)",
    rows.map((r) => r.sealed),
  );
  line(
    "callback received: done",
    rows.map((r) => r.calledBack),
  );
  const done = median(rows.map((r) => r.calledBack));
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
  const afterStamp = median(rows.map((r) => r.sealed)) - median(rows.map((r) => r.stamped));
  console.log(
    `done in ${(done / 1000).toFixed(1)} s (p50): the early stamping run starts a moment after a signer finishes (signers finishing together share a batch),`,
  );
  console.log(
    `the seal waits for it (the certificate names the transaction) and follows ~${afterStamp.toFixed(0)} ms later, the callback right after.`,
  );
}

// Exits once the figures are printed: connections opened along the way by the app's modules (the configuration cache's
// Redis subscriber among them) would otherwise keep the process waiting.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
