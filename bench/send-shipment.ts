// One shipment to N signers (100 by default) against a real SMTP server and an in-process worker:
// time until every invitation is delivered, and database statements per signer (send + delivery jobs).
// Run: npx tsx bench/send-shipment.ts [signers]  (DATABASE_URL from .env; Redis db 13, so that a
// running dev worker never takes these jobs)
import "dotenv/config";
import { performance } from "node:perf_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import { startSmtpSink } from "@/tests/support/smtp-sink";

const signerCount = Number(process.argv[2] ?? 100);

async function main() {
  const sink = await startSmtpSink();
  // Set before any module reads env() (lib/db/client does at import): the sink, a Redis db of its own.
  process.env.SMTP_URL = sink.url;
  process.env.REDIS_URL = "redis://127.0.0.1:6379/13";

  // The app's client, with statement events, installed where lib/db/client looks for it.
  const { PrismaClient } = await import("@/lib/db/generated/client");
  const counted = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "" }),
    log: [{ emit: "event", level: "query" }],
  });
  let statements = 0;
  counted.$on("query", () => {
    statements += 1;
  });
  (globalThis as unknown as { rubricaDb?: unknown }).rubricaDb = counted;

  const { db } = await import("@/lib/db/client");
  const { closeProducers } = await import("@/lib/queue/enqueue");
  const { startWorkers } = await import("@/workers/start");
  const { shipmentsQueue } = await import("@/lib/documents/shipment-jobs");
  const { sendDocument } = await import("@/lib/documents/send-document");
  const { createOrganization } = await import("@/lib/organizations/create-organization");
  const { createReadyDocument } = await import("@/tests/support/ready-document");
  const { randomHex } = await import("@/lib/security/random");

  const { organization } = await db.$transaction((tx) => createOrganization(tx, { name: `Bench ${randomHex(4)}`, country: "ES" }));
  const user = await db.user.create({
    data: {
      email: `bench-${randomHex(6)}@example.test`,
      firstName: "Bench",
      lastName: "User",
      passwordHash: "-",
      organizationId: organization.id,
    },
  });
  const { document } = await createReadyDocument(organization.id, { signers: Array.from({ length: signerCount }, () => ({})) });
  const context = {
    userId: user.id,
    userHexId: user.hexId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    organizationId: organization.id,
    organizationHexId: organization.hexId,
    organizationName: organization.name,
    sessionHexId: randomHex(),
    stage: "full" as const,
    authorities: ["DOCUMENTO:CREATE"],
    changePassword: false,
    platformAdmin: false,
    exp: 0,
    apiKeyHexId: null,
  };

  const workers = await startWorkers({ queues: [shipmentsQueue] });
  const worker = workers.worker(shipmentsQueue);
  let completed = 0;
  let failed = 0;
  const allDone = new Promise<void>((resolve) => {
    const check = () => completed + failed >= signerCount && resolve();
    worker.on("completed", () => {
      completed += 1;
      check();
    });
    worker.on("failed", () => {
      failed += 1;
      check();
    });
  });
  await worker.waitUntilReady();

  statements = 0;
  const started = performance.now();
  await sendDocument(context, document.hexId, "127.0.0.1");
  const sendMs = performance.now() - started;
  const sendStatements = statements;
  await allDone;
  const totalMs = performance.now() - started;
  const mails = sink.messages.length;

  console.log(`signers                              ${signerCount}`);
  console.log(`send request (transaction + enqueue) ${sendMs.toFixed(0).padStart(6)} ms, ${sendStatements} statements`);
  console.log(`until every invitation delivered     ${totalMs.toFixed(0).padStart(6)} ms (${mails} mails received, ${failed} jobs failed)`);
  console.log(
    `per signer                           ${(totalMs / signerCount).toFixed(1).padStart(6)} ms, ${(statements / signerCount).toFixed(2)} statements (${statements} in all)`,
  );

  await workers.close();
  await closeProducers();
  await db.document.delete({ where: { id: document.id } });
  await db.operationLog.deleteMany({ where: { organizationId: organization.id } });
  await db.user.delete({ where: { id: user.id } });
  const where = { organizationId: organization.id };
  await db.$transaction([
    db.flow.deleteMany({ where }),
    db.documentType.deleteMany({ where }),
    db.role.deleteMany({ where }),
    db.configValue.deleteMany({ where }),
    db.organization.delete({ where: { id: organization.id } }),
  ]);
  await db.$disconnect();
  await sink.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
