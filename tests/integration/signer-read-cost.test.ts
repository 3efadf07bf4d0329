import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { PUT as putSettings } from "@/app/api/organization/settings/route";
import { db } from "@/lib/db/client";
import { findSigner, signerAccessInclude } from "@/lib/signing/signer-access";
import { createTestOrganization, createTestUser } from "../support/fixtures";
import { call } from "../support/http";
import { signIn } from "../support/sign-in";
import { createSentShipment } from "../support/signing";

// What a signer request costs the database (issue 17): the signer reads of every signer page with at
// most 2 SQL statements once the organisation's configuration is held in memory, and that memory
// dropped in every process as soon as a setting is saved in any of them (lib/config/cache.ts).

const childEnv = { ...process.env, DOTENV_CONFIG_PATH: "/nonexistent/.env" };
type Counts = Record<
  "getSignatureProcess" | "verify" | "pageGuard" | "documentList" | "contactList",
  { first: number; steady: number[]; statements: string[] }
>;

/** The statements each signer read sends, counted on the wire in a fresh process (tests/support/signer-read-statements.ts). */
function countStatements(processHexId: string, secret: string): Counts {
  const run = spawnSync("npx", ["tsx", "tests/support/signer-read-statements.ts", processHexId, secret], {
    cwd: process.cwd(),
    env: childEnv,
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Counts;
}

type Read = { values: Record<string, string>; statements: number };

/** Another process reading one organisation's configuration on demand (tests/support/config-reader.ts). */
async function startReader(organizationId: number) {
  const child: ChildProcessWithoutNullStreams = spawn("npx", ["tsx", "tests/support/config-reader.ts", String(organizationId)], {
    cwd: process.cwd(),
    env: childEnv,
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`config reader ended: ${stderr}`);
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  expect(await next()).toEqual({ ready: true });
  return {
    read: async () => {
      child.stdin.write("read\n");
      return (await next()) as Read;
    },
    stop: () => child.kill(),
  };
}

const readers: { stop: () => void }[] = [];
afterAll(() => readers.forEach((r) => r.stop()));

describe("signer reads and the portal's lists", () => {
  it("send at most 2 SQL statements each once the organisation's configuration is held in memory", async () => {
    const org = await createTestOrganization();
    // The heaviest live case: the signer stands on a selfie compared with their ID photo, so the read
    // includes the step's latest checked capture besides the process itself.
    const { signers, flow } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["ID_PHOTO", "SELFIE", "SIGNATURE"] });
    await db.flowStep.updateMany({ where: { flowId: flow.id, type: "SELFIE" }, data: { compareTarget: "ID_FRONT" } });
    const signer = signers[0]!;
    await db.signer.update({ where: { id: signer.id }, data: { status: "IN_PROGRESS", currentStep: 1 } });
    // The lists' rows carry relations (a shipment's signers, a contact's channels): a page is still one statement.
    for (const n of [1, 2, 3])
      await db.contact.create({
        data: {
          organizationId: org.organization.id,
          firstName: `Contacto${n}`,
          lastName: "Prueba",
          channels: { create: [{ type: "EMAIL", value: `c${n}@example.test`, favorite: true }] },
        },
      });

    const counts = countStatements(signer.hexId, signer.secret!);
    for (const [name, { steady, statements }] of Object.entries(counts)) {
      const sent = statements.map((sql) => sql.slice(0, 120)).join("\n");
      for (const n of steady) expect(n, `${name}:\n${sent}`).toBeLessThanOrEqual(2);
    }
    // The process read and the selfie step's latest check: the count covers the whole answer.
    expect(counts.getSignatureProcess.statements.some((sql) => sql.includes('"Evidence"'))).toBe(true);
  }, 120_000);
});

describe("the signer read in one statement", () => {
  it("answers exactly what Prisma's read with signerAccessInclude answers", async () => {
    const org = await createTestOrganization();
    const sender = await createTestUser(org);
    const { signers, flow, document } = await createSentShipment(org.organization.id, {
      signers: [{}, { position: 2 }],
      steps: ["DATA_CONFIRM", "ID_PHOTO", "SELFIE", "SIGNATURE"],
    });
    // Every relation present: a sender, a contact, a document type on the ID step, a second file, dates set.
    const passport = await db.documentType.create({ data: { organizationId: org.organization.id, name: "Pasaporte", hasRear: false } });
    await db.flowStep.updateMany({ where: { flowId: flow.id, type: "ID_PHOTO" }, data: { documentTypeId: passport.id } });
    await db.document.update({
      where: { id: document.id },
      data: { senderId: sender.id, tags: ["ventas", "2026"], callBackUrl: "https://example.test/hook?token=x", completedAt: new Date() },
    });
    await db.documentFile.create({
      data: { documentId: document.id, fileName: "anexo.pdf", storageKey: "k", sha256: "0".repeat(64), size: 10, pages: 2 },
    });
    const contact = await db.contact.create({ data: { organizationId: org.organization.id, firstName: "Ana", lastName: "Prueba" } });
    await db.signer.update({
      where: { id: signers[0]!.id },
      data: { contactId: contact.id, status: "IN_PROGRESS", startedAt: new Date(), termsAccepted: true, termsAcceptedAt: new Date() },
    });
    const stepsInOrder = <T extends { document: { flow: { steps: { id: number }[] } | null } }>(record: T | null) =>
      record?.document.flow?.steps.sort((a, b) => a.id - b.id) && record;

    for (const signer of signers) {
      const viaPrisma = await db.signer.findUnique({ where: { hexId: signer.hexId }, include: signerAccessInclude });
      expect(stepsInOrder(await findSigner(signer.hexId))).toEqual(stepsInOrder(viaPrisma));
    }
    expect(await findSigner("0".repeat(32))).toBeNull();
  });
});

describe("configuration held in memory", () => {
  it("is dropped in another process as soon as a setting is saved, and read once again after", async () => {
    const org = await createTestOrganization();
    const admin = await createTestUser(org);
    const token = await signIn(admin.email);
    const reader = await startReader(org.organization.id);
    readers.push(reader);

    const first = await reader.read();
    expect(first.values).toMatchObject({ max_capture_attempts: "3", ui_sign_color: "#0f766e;#14b8a6" });
    expect(first.statements).toBe(1);
    expect(await reader.read()).toEqual({ values: first.values, statements: 0 }); // from memory

    // Saved here, through the settings call (one transaction); the other process must not answer the old value.
    const saved = await call(putSettings, "/api/organization/settings", { method: "PUT", body: { max_capture_attempts: 5 }, token });
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    let seen = await reader.read();
    while (seen.values.max_capture_attempts !== "5" && Date.now() - changedAt < 2_000) seen = await reader.read();
    expect(seen.values.max_capture_attempts).toBe("5");
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    expect(await reader.read()).toEqual({ values: seen.values, statements: 0 });

    // A write outside any transaction (a script, an operator's tool through Prisma) is announced too.
    await db.configValue.create({ data: { organizationId: org.organization.id, name: "ui_sign_color", value: "#111111;#222222" } });
    const writtenAt = Date.now();
    seen = await reader.read();
    while (seen.values.ui_sign_color !== "#111111;#222222" && Date.now() - writtenAt < 2_000) seen = await reader.read();
    expect(seen.values).toMatchObject({ max_capture_attempts: "5", ui_sign_color: "#111111;#222222" });
    expect(Date.now() - writtenAt).toBeLessThan(1_000);
  }, 60_000);
});
