import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as rejectRoute } from "@/app/api/signprocess/[id]/reject/route";
import { GET as statusRoute } from "@/app/api/documents/[documentHexId]/status/route";
import { POST as createDraftRoute } from "@/app/api/documents/route";
import { POST as sendRoute } from "@/app/api/documents/[documentHexId]/send/route";
import { db } from "@/lib/db/client";
import type { DocumentStatusView } from "@/lib/documents/document-status-schema";
import { validationPackage } from "@/lib/documents/validation-package";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { storage } from "@/lib/storage";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { signIn } from "../support/sign-in";
import { createReadyDocument } from "../support/ready-document";
import { createSentShipment, signStep } from "../support/signing";
import { peers } from "./setup";

// What a sender learns about how a shipment went (issue 16, points 12, 15 and 17): a rejection's reason
// everywhere the signer was told it would go, who signed and who rejected, and the signers' side of the history.

const run = promisify(execFile);

let org: TestOrganization;
let sender: Awaited<ReturnType<typeof createTestUser>>;
let token: string;
let server: Server;
let base: string;
const received: string[] = [];

beforeAll(async () => {
  org = await createTestOrganization();
  await db.configValue.create({ data: { organizationId: org.organization.id, name: "organization_tz", value: "Europe/Madrid" } });
  sender = await createTestUser(org);
  token = await signIn(sender.email);
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      response.end("ok");
    });
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeProducers();
  await new Promise((resolve) => server.close(resolve));
});

const reject = (signer: { hexId: string; secret: string | null }, reason: string) =>
  call<{ documentRejected?: boolean; errorCode?: string }>(rejectRoute, `/api/signprocess/${signer.hexId}/reject`, {
    method: "POST",
    body: { reason },
    params: { id: signer.hexId },
    headers: { "x-url-sign": signer.secret! },
  });

const status = async (documentHexId: string) => {
  const answer = await call<DocumentStatusView>(statusRoute, `/api/documents/${documentHexId}/status`, {
    token,
    params: { documentHexId },
  });
  expect(answer.status).toBe(200);
  return answer.body;
};

const mailTo = (address: string, subject: RegExp, title: string) => (mail: { to: string[]; subject: string }) =>
  mail.to.includes(address) && subject.test(mail.subject) && mail.subject.includes(title);

describe("a signer's rejection reaches the sender", () => {
  it("in the status API and /docdetail's history, the soft-fail callback, and a mail to the sender", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    await db.document.update({ where: { id: document.id }, data: { senderId: sender.id, callBackUrlSoftFail: `${base}/soft` } });
    const reason = `El importe de la cláusula 3 no es el acordado ${document.hexId.slice(0, 6)}`;
    expect((await reject(signers[0]!, reason)).body).toMatchObject({ documentRejected: true });

    const view = await status(document.hexId);
    expect(view.signers[0]).toMatchObject({ signerHexId: signers[0]!.hexId, status: "REJECTED", rejectionReason: reason });
    // The history shows the signer's rejection, with its reason and the organisation's zone.
    const entry = view.timeline.find((e) => e.event === "signer.rejected");
    expect(entry).toMatchObject({ actor: "signer", signerHexId: signers[0]!.hexId, reason });
    expect(entry!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(Europe\/Madrid\)$/);

    expect(await runJob("callbacks.deliver", { documentId: document.id, kind: "rejected" })).toMatchObject({ result: "delivered" });
    const body = JSON.parse(received.at(-1)!) as { signers: { signerHexId: string; rejectionReason: string | null }[] };
    expect(body.signers).toEqual([expect.objectContaining({ signerHexId: signers[0]!.hexId, rejectionReason: reason })]);

    expect(await runJob("callbacks.rejection-mail", { signerId: signers[0]!.id })).toEqual({ result: "sent" });
    const mail = await peers.mail.waitFor(mailTo(sender.email, /rechazado/, document.title), 10_000);
    expect(mail.text).toContain(`${signers[0]!.firstName} ${signers[0]!.lastName}`);
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("ya no puede completarse");
    expect(mail.text).toContain(`/docdetail/${document.hexId}`);
    // Mailed once.
    expect(await runJob("callbacks.rejection-mail", { signerId: signers[0]!.id })).toEqual({ result: "skipped" });
  });

  it("when an optional signer rejects and the shipment completes: the certificate, evidence.json and the completion mail say who signed and who rejected", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, {
      signers: [{ mandatory: true }, { mandatory: false }],
      minSigners: { 1: 1 },
      steps: ["SIGNATURE"],
    });
    await db.document.update({ where: { id: document.id }, data: { senderId: sender.id } });
    const [signer, rejecter] = signers as [(typeof signers)[number], (typeof signers)[number]];
    const reason = `No soy la persona que debe firmar ${document.hexId.slice(0, 6)}`;
    expect((await reject(rejecter, reason)).body).toMatchObject({ documentRejected: false });
    const mail = await (async () => {
      expect(await runJob("callbacks.rejection-mail", { signerId: rejecter.id })).toEqual({ result: "sent" });
      return peers.mail.waitFor(mailTo(sender.email, /rechazado/, document.title), 10_000);
    })();
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("sigue en curso");

    expect((await signStep(signer.hexId, signer.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });

    // The audit certificate, a sealed PDF of its own.
    const { certificateStorageKey } = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    const dir = await mkdtemp(path.join(tmpdir(), "sender-outcomes-"));
    const pdfPath = path.join(dir, "certificate.pdf");
    await writeFile(pdfPath, await storage().get(certificateStorageKey!));
    const { stdout } = await run("pdftotext", [pdfPath, "-"]);
    const text = stdout.replace(/\s+/g, " ");
    expect(text).toContain("Motivo del rechazo");
    expect(text).toContain(reason);

    // evidence.json of the evidence package.
    const { zip } = await validationPackage(document.hexId);
    const evidence = JSON.parse(strFromU8(unzipSync(zip)["evidence.json"]!)) as {
      signers: { name: string; status: string; rejectionReason: string | null }[];
    };
    expect(evidence.signers).toEqual([
      { name: `${signer.firstName} ${signer.lastName}`, status: "COMPLETED", rejectionReason: null },
      { name: `${rejecter.firstName} ${rejecter.lastName}`, status: "REJECTED", rejectionReason: reason },
    ]);

    // The sender's completion mail: who signed, who rejected and why; not "every signer".
    expect(await runJob("callbacks.completion-mail", { documentId: document.id })).toEqual({ result: "sent" });
    const done = await peers.mail.waitFor(mailTo(sender.email, /ya está firmado/, document.title), 10_000);
    expect(done.text).not.toContain("Todos los firmantes");
    expect(done.text).toContain(`Firmaron: ${signer.firstName} ${signer.lastName}.`);
    expect(done.text).toContain(`Rechazó firmar: ${rejecter.firstName} ${rejecter.lastName}, con este motivo: «${reason}».`);
  });
});

describe("/docdetail's history and evidence", () => {
  it("shows the signers' audit-trail events beside the staff's, and each evidence with what was checked", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    await db.document.update({ where: { id: document.id }, data: { senderId: sender.id } });
    expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);

    const view = await status(document.hexId);
    const events = view.timeline.map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(["evidence.stored", "signer.completed"]));
    expect(view.timeline.find((e) => e.event === "evidence.stored")).toMatchObject({
      actor: "signer",
      signerHexId: signers[0]!.hexId,
      evidenceKind: "SIGNATURE_DRAWING",
    });
    // Oldest first, staff and signers interleaved by time.
    const times = view.timeline.map((e) => e.time);
    expect([...times].sort()).toEqual(times);
    // The drawn signature was checked not to be blank: not "pending" once the signer finished.
    expect(view.evidences).toEqual([
      expect.objectContaining({ signerHexId: signers[0]!.hexId, kind: "SIGNATURE_DRAWING", check: "PENDING", result: "DRAWN" }),
    ]);
  });
});

describe("an expiry typed on the organisation's clocks", () => {
  it.each([
    ["winter", "2027-01-15T18:00", "2027-01-15T17:00:00.000Z", "GMT+1"],
    ["summer", "2027-07-15T18:00", "2027-07-15T16:00:00.000Z", "GMT+2"],
  ])(
    "typed 18:00 in Madrid (%s) is stored as that instant, and the invitation says 18:00 with the zone",
    async (_, typed, instant, offset) => {
      const created = await call<{ hexId: string; expirationDate: string }>(createDraftRoute, "/api/documents", {
        token,
        body: { title: "Contrato con vencimiento", expirationDate: typed },
      });
      expect(created.status).toBe(201);
      expect(created.body.expirationDate).toBe(instant);

      const { document, signers } = await createReadyDocument(org.organization.id, { signers: [{}], expirationDate: new Date(instant) });
      expect(
        (
          await call(sendRoute, `/api/documents/${document.hexId}/send`, {
            method: "POST",
            token,
            params: { documentHexId: document.hexId },
          })
        ).status,
      ).toBe(200);
      const delivery = await db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } });
      await runJob("shipments.deliver-invitation", { deliveryId: delivery.id });
      const mail = await peers.mail.waitFor((m) => m.to.includes(signers[0]!.email!), 10_000);
      expect(mail.text).toContain(`18:00 (Europe/Madrid, ${offset})`);
      expect(mail.text).not.toContain("19:00");
    },
  );
});
