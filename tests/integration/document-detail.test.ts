import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { PDFDocument } from "@cantoo/pdf-lib";
import { Worker } from "bullmq";
import { unzipSync } from "fflate";
import { DELETE as deleteDraftRoute } from "@/app/api/documents/[documentHexId]/route";
import { GET as dispatchesRoute } from "@/app/api/documents/[documentHexId]/dispatches/route";
import { GET as downloadRoute } from "@/app/api/documents/[documentHexId]/download/route";
import { POST as retryRoute } from "@/app/api/documents/[documentHexId]/deliveries/[deliveryHexId]/retry/route";
import { POST as sendRoute } from "@/app/api/documents/[documentHexId]/send/route";
import { GET as statusRoute } from "@/app/api/documents/[documentHexId]/status/route";
import { GET as logoRoute } from "@/app/api/organizations/[organizationHexId]/logo/route";
import { db } from "@/lib/db/client";
import type { DispatchList } from "@/lib/documents/dispatch-schema";
import { shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { translator } from "@/lib/i18n/messages";
import { startWorkers, type StartedWorkers } from "@/workers/start";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { storage } from "@/lib/storage";
import { twoOrganizations } from "../support/cast";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { createReadyDocument, testPhone } from "../support/ready-document";
import { peers } from "./setup";

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let operatorA: string;
let noRoleA: string;
let adminB: string;
let worker: Worker;
let workers: StartedWorkers;

beforeAll(async () => {
  ({ orgA, orgB, adminA, operatorA, noRoleA, adminB } = await twoOrganizations());
  await db.configValue.create({ data: { organizationId: orgA.organization.id, name: "organization_tz", value: "Europe/Madrid" } });
  // The worker process's own wiring (workers/start.ts), on the shipments queue only.
  workers = await startWorkers({ queues: [shipmentsQueue] });
  worker = workers.worker(shipmentsQueue);
  await worker.waitUntilReady();
});

afterAll(async () => {
  await workers.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls a route handler and keeps the raw Response, for answers that are files rather than JSON. */
async function raw(
  handler: unknown,
  urlPath: string,
  options: { token?: string; headers?: Record<string, string>; query?: Record<string, string> } = {},
) {
  const url = new URL(`http://127.0.0.1:3000${urlPath}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...clientAddressHeaders("203.0.113.10"), "user-agent": "vitest", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return sendRequest(handler, new NextRequest(url, { headers }));
}

const dispatches = (token: string, documentHexId: string, headers: Record<string, string> = {}) =>
  call<DispatchList & { errorCode?: string }>(dispatchesRoute, `/api/documents/${documentHexId}/dispatches`, {
    token,
    params: { documentHexId },
    headers,
  });
const download = (
  token: string,
  documentHexId: string,
  options: { query?: Record<string, string>; headers?: Record<string, string> } = {},
) => raw(downloadRoute, `/api/documents/${documentHexId}/download`, { token, ...options });
const send = (token: string, documentHexId: string) =>
  call(sendRoute, `/api/documents/${documentHexId}/send`, { method: "POST", token, params: { documentHexId } });

async function pdfBytes(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(text);
  return pdf.save();
}

/**
 * Stands in for the signing worker, which does not exist yet: the shipment is COMPLETED and each
 * file gets a signed PDF stored through lib/storage, as the signing capability will leave them.
 */
async function completeWithSignedFiles(documentId: number, signed: "all" | "none" = "all") {
  await db.document.update({ where: { id: documentId }, data: { status: "COMPLETED", completedAt: new Date() } });
  const files = await db.documentFile.findMany({ where: { documentId }, orderBy: { id: "asc" } });
  const stored: Uint8Array[] = [];
  for (const file of files) {
    if (signed === "none") continue;
    const bytes = await pdfBytes(`firmado ${file.fileName}`);
    const object = await storage().put(bytes);
    await db.documentFile.update({ where: { id: file.id }, data: { signedStorageKey: object.key, signedSha256: object.sha256 } });
    stored.push(bytes);
  }
  return stored;
}

describe("the signer dispatch list", () => {
  it("lists every dispatch newest first, in the organisation's time zone, with the destination masked and no link anywhere", async () => {
    const phone = "+34612345612";
    const { document, signers } = await createReadyDocument(orgA.organization.id, {
      signers: [{ email: "ana.garcia@example.com" }, { email: null, cellPhone: phone, favourite: "SMS", position: 2 }],
    });
    await db.document.update({ where: { id: document.id }, data: { status: "SENT", sentAt: new Date() } });
    const [ana, luis] = signers;
    const winter = new Date("2026-01-15T10:00:00.000Z");
    const summer = new Date("2026-07-15T10:00:00.000Z");
    await db.signer.update({ where: { id: ana!.id }, data: { invitedAt: winter, urlSignHash: sha256Hex("secreto-de-ana") } });
    await db.signer.update({ where: { id: luis!.id }, data: { invitedAt: winter } });
    const invitation = await db.delivery.create({
      data: {
        signerId: ana!.id,
        channel: "EMAIL",
        kind: "INVITATION",
        status: "SENT",
        attempts: 1,
        sentAt: new Date(winter.getTime() + 2_000),
        createdAt: winter,
      },
    });
    const failed = await db.delivery.create({
      data: {
        signerId: luis!.id,
        channel: "SMS",
        kind: "INVITATION",
        status: "FAILED",
        attempts: 5,
        createdAt: new Date(winter.getTime() + 1_000),
        error: `550 5.1.1 <ana.garcia@example.com>: Recipient address rejected (${phone})`,
      },
    });
    const reminder = await db.delivery.create({
      data: { signerId: ana!.id, channel: "EMAIL", kind: "REMINDER", status: "QUEUED", createdAt: summer },
    });

    const { status, body } = await dispatches(operatorA, document.hexId);
    expect(status).toBe(200);
    expect(body.timeZone).toBe("Europe/Madrid");
    expect(body._embedded.dispatches.map((d) => d.deliveryHexId)).toEqual([reminder.hexId, failed.hexId, invitation.hexId]);
    expect(body.page).toEqual({ size: 3, totalElements: 3, totalPages: 1, number: 0 });
    expect(body._embedded.dispatches[0]).toMatchObject({
      kind: "REMINDER",
      status: "QUEUED",
      channel: "EMAIL",
      destination: "a***@example.com",
      createdAtLocal: "2026-07-15 12:00:00",
      sentAtLocal: null,
      retryable: false,
    });
    expect(body._embedded.dispatches[2]).toMatchObject({
      kind: "INVITATION",
      status: "SENT",
      signerHexId: ana!.hexId,
      signerName: `${ana!.firstName} ${ana!.lastName}`,
      position: 1,
      attempts: 1,
      createdAtLocal: "2026-01-15 11:00:00",
      sentAtLocal: "2026-01-15 11:00:02",
      error: null,
      errorReason: null,
    });
    expect(body._embedded.dispatches[1]).toMatchObject({
      signerHexId: luis!.hexId,
      channel: "SMS",
      destination: "+34 6** *** *12",
      status: "FAILED",
      attempts: 5,
      errorReason: "REJECTED",
      error: translator("es-es", "deliveryFailure")("REJECTED"),
      retryable: true,
    });
    expect(body._embedded.dispatches[1]!.error).not.toMatch(/deliveryFailure/);
    expect(body._embedded.dispatches[1]!.errorDetail).toBe("550 5.1.1 <a***@example.com>: Recipient address rejected (+34 6** *** *12)");

    const json = JSON.stringify(body);
    expect(json).not.toMatch(/urlSign|secret|\/sign\//i);
    expect(json).not.toContain(sha256Hex("secreto-de-ana"));
    expect(json).not.toContain("ana.garcia@example.com");
    expect(json).not.toContain("612345612");

    const english = await dispatches(operatorA, document.hexId, { "accept-language": "en-US" });
    expect(english.body._embedded.dispatches[1]!.error).toBe(translator("en-us", "deliveryFailure")("REJECTED"));
    expect(english.body._embedded.dispatches[1]!.error).not.toBe(body._embedded.dispatches[1]!.error);
  });

  it("shows a delivery that failed for good with its error in plain words, and its retry at the top", async () => {
    // Not an E.164 number: every attempt fails before reaching Twilio.
    const { document, signers } = await createReadyDocument(orgA.organization.id, {
      signers: [{ email: null, cellPhone: "+0123", favourite: "SMS" }],
    });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const failed = await until(
      () => db.delivery.findFirstOrThrow({ where: { signerId: signers[0]!.id } }),
      (d) => d.status === "FAILED",
    );

    const listed = await dispatches(adminA, document.hexId);
    expect(listed.body._embedded.dispatches).toEqual([
      expect.objectContaining({
        deliveryHexId: failed.hexId,
        status: "FAILED",
        attempts: failed.attempts,
        errorReason: "INVALID_ADDRESS",
        error: translator("es-es", "deliveryFailure")("INVALID_ADDRESS"),
        retryable: true,
      }),
    ]);
    expect(listed.body._embedded.dispatches[0]!.errorDetail).toMatch(/E\.164/);

    const retried = await call(retryRoute, "/api/x", {
      method: "POST",
      token: adminA,
      params: { documentHexId: document.hexId, deliveryHexId: failed.hexId },
    });
    expect(retried.status).toBe(200);
    const after = await dispatches(adminA, document.hexId);
    expect(after.body._embedded.dispatches.map((d) => [d.deliveryHexId === failed.hexId ? "old" : "new", d.retryable])).toEqual([
      ["new", false],
      ["old", false],
    ]);
  }, 30_000);

  it("calls a delivery retryable, in the status API and the dispatch list alike, exactly when its retry is accepted", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, {
      signers: [{ email: null, cellPhone: "+0123", favourite: "SMS" }],
    });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const signer = signers[0]!;
    const failed = await until(
      () => db.delivery.findFirstOrThrow({ where: { signerId: signer.id } }),
      (d) => d.status === "FAILED",
    );
    const original = await db.signer.findUniqueOrThrow({ where: { id: signer.id } });
    const situations: { name: string; apply: () => Promise<unknown> }[] = [
      { name: "shipment cancelled", apply: () => db.document.update({ where: { id: document.id }, data: { status: "CANCELLED" } }) },
      { name: "shipment expired", apply: () => db.document.update({ where: { id: document.id }, data: { status: "EXPIRED" } }) },
      { name: "signer rejected", apply: () => db.signer.update({ where: { id: signer.id }, data: { status: "REJECTED" } }) },
      { name: "signer completed", apply: () => db.signer.update({ where: { id: signer.id }, data: { status: "COMPLETED" } }) },
      { name: "signer awaiting review", apply: () => db.signer.update({ where: { id: signer.id }, data: { status: "IN_REVIEW" } }) },
      { name: "no channel left", apply: () => db.signer.update({ where: { id: signer.id }, data: { email: null, cellPhone: null } }) },
      { name: "live and failed", apply: async () => undefined },
    ];
    const seen: [string, boolean, boolean, number][] = [];
    for (const situation of situations) {
      await db.document.update({ where: { id: document.id }, data: { status: "SENT" } });
      await db.signer.update({
        where: { id: signer.id },
        data: { status: original.status, email: original.email, cellPhone: original.cellPhone },
      });
      await situation.apply();
      const status = await call<{ deliveries: { deliveryHexId: string; retryable: boolean }[] }>(statusRoute, "/api/x", {
        token: adminA,
        params: { documentHexId: document.hexId },
      });
      const listed = await dispatches(adminA, document.hexId);
      const retried = await call(retryRoute, "/api/x", {
        method: "POST",
        token: adminA,
        params: { documentHexId: document.hexId, deliveryHexId: failed.hexId },
      });
      const inStatus = status.body.deliveries.find((d) => d.deliveryHexId === failed.hexId)!.retryable;
      const inList = listed.body._embedded.dispatches.find((d) => d.deliveryHexId === failed.hexId)!.retryable;
      seen.push([situation.name, inStatus, inList, retried.status]);
    }
    expect(seen).toEqual([
      ["shipment cancelled", false, false, 409],
      ["shipment expired", false, false, 409],
      ["signer rejected", false, false, 409],
      ["signer completed", false, false, 409],
      ["signer awaiting review", false, false, 409],
      ["no channel left", false, false, 400],
      ["live and failed", true, true, 200],
    ]);
  }, 30_000);

  it("lists what a real send queued, without the link the signer received", async () => {
    const { document, signers } = await createReadyDocument(orgA.organization.id, {
      signers: [{}, { email: null, cellPhone: testPhone(), favourite: "SMS" }],
    });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const mail = await peers.mail.waitFor((m) => m.to.includes(signers[0]!.email!), 10_000);
    const sms = await peers.sms.waitFor((m) => m.to === signers[1]!.cellPhone, 10_000);
    await until(
      () => db.delivery.findMany({ where: { signer: { documentId: document.id } } }),
      (rows) => rows.length === 2 && rows.every((d) => d.status === "SENT"),
    );
    const { body } = await dispatches(adminA, document.hexId);
    expect(body._embedded.dispatches.map((d) => [d.channel, d.status, d.kind])).toEqual(
      expect.arrayContaining([
        ["EMAIL", "SENT", "INVITATION"],
        ["SMS", "SENT", "INVITATION"],
      ]),
    );
    const json = JSON.stringify(body);
    for (const link of [mail.text, sms.body].map((text) => /\/sign\/([0-9a-f]{32})\//.exec(text)![1]!)) expect(json).not.toContain(link);
    expect(json).not.toContain(signers[0]!.email!);
    expect(json).not.toContain(signers[1]!.cellPhone!);
  });

  it("is refused without the privilege and unknown to another organisation", async () => {
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await dispatches(noRoleA, document.hexId)).status).toBe(403);
    expect((await dispatches("", document.hexId)).status).toBe(401);
    const foreign = await dispatches(adminB, document.hexId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("NOT_FOUND");
  });
});

describe("downloading the signed document", () => {
  it("refuses with 409 before completion, then serves the signed PDF with its name", async () => {
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}], title: "Contrato de señal" });
    await db.documentFile.updateMany({ where: { documentId: document.id }, data: { fileName: "Contrato de señal.pdf" } });
    expect((await send(adminA, document.hexId)).status).toBe(200);

    const early = await download(adminA, document.hexId, { headers: { "accept-language": "en-US" } });
    expect(early.status).toBe(409);
    const earlyBody = (await early.json()) as { errorCode: string; message: string };
    expect(earlyBody.errorCode).toBe("DOWNLOAD_NOT_COMPLETED");
    expect(earlyBody.message).toBe(translator("en-us", "errors")("DOWNLOAD_NOT_COMPLETED"));
    expect(earlyBody.message).not.toMatch(/^errors\./);

    await completeWithSignedFiles(document.id, "none");
    const pending = await download(adminA, document.hexId);
    expect(pending.status).toBe(409);
    expect(((await pending.json()) as { errorCode: string }).errorCode).toBe("DOWNLOAD_NOT_READY");

    const [signed] = await completeWithSignedFiles(document.id);
    const response = await download(operatorA, document.hexId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Contrato de senal-firmado.pdf"; filename*=UTF-8''${encodeURIComponent("Contrato de señal-firmado.pdf")}`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(signed!))).toBe(true);

    const logged = await db.operationLog.findMany({
      where: {
        organizationId: orgA.organization.id,
        operationEventId: "DOCUMENT_DOWNLOAD",
        detail: { contains: `recordId=${document.hexId};` },
      },
    });
    expect(logged).toHaveLength(1);
  });

  it("serves a ZIP of every signed file, or one file with ?file=", async () => {
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}], title: "Alta proveedor" });
    await db.documentFile.create({
      data: {
        documentId: document.id,
        fileName: "anexo.pdf",
        storageKey: `tests/${randomHex()}.pdf`,
        sha256: randomHex(32),
        size: 10,
        pages: 1,
      },
    });
    await db.documentFile.create({
      data: {
        documentId: document.id,
        fileName: "contrato.pdf",
        storageKey: `tests/${randomHex()}.pdf`,
        sha256: randomHex(32),
        size: 10,
        pages: 1,
      },
    });
    const signed = await completeWithSignedFiles(document.id);
    const files = await db.documentFile.findMany({ where: { documentId: document.id }, orderBy: { id: "asc" } });

    const zip = await download(adminA, document.hexId);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toContain('filename="Alta proveedor-firmado.zip"');
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(["contrato-firmado.pdf", "anexo-firmado.pdf", "contrato-firmado (2).pdf"]);
    Object.values(entries).forEach((bytes, index) => expect(Buffer.from(bytes).equals(Buffer.from(signed[index]!))).toBe(true));

    const one = await download(adminA, document.hexId, { query: { file: files[1]!.hexId } });
    expect(one.status).toBe(200);
    expect(one.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await one.arrayBuffer()).equals(Buffer.from(signed[1]!))).toBe(true);
    expect((await download(adminA, document.hexId, { query: { file: randomHex() } })).status).toBe(404);
  });

  it("never serves a signed file that no longer matches its hash", async () => {
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    await completeWithSignedFiles(document.id);
    await db.documentFile.updateMany({ where: { documentId: document.id }, data: { signedSha256: "0".repeat(64) } });
    const response = await download(adminA, document.hexId);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  it("is unknown to another organisation and refused without the privilege", async () => {
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    await completeWithSignedFiles(document.id);
    const foreign = await download(adminB, document.hexId);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { errorCode: string }).errorCode).toBe("NOT_FOUND");
    expect((await download(noRoleA, document.hexId)).status).toBe(403);
    expect((await download("", document.hexId)).status).toBe(401);
  });
});

describe("the organisation logo", () => {
  const defaultLogo = readFileSync(path.resolve("public/rubrica-logo.png"));
  const logo = (organizationHexId: string, headers: Record<string, string> = {}) =>
    raw(logoRoute, `/api/organizations/${organizationHexId}/logo`, { headers });

  it("serves Rúbrica's logo, publicly and cacheable, to an organisation without one", async () => {
    const response = await logo(orgB.organization.hexId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(Buffer.from(await response.arrayBuffer()).equals(defaultLogo)).toBe(true);
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await logo(orgB.organization.hexId, { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("serves the organisation's own logo with its content type, and a new ETag when it changes", async () => {
    const organization = await createTestOrganization();
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
    const stored = await storage().put(png);
    await db.organization.update({ where: { id: organization.organization.id }, data: { logoFileName: stored.key } });
    const first = await logo(organization.organization.hexId);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await first.arrayBuffer()).equals(png)).toBe(true);

    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const replaced = await storage().put(svg);
    await db.organization.update({ where: { id: organization.organization.id }, data: { logoFileName: replaced.key } });
    const second = await logo(organization.organization.hexId, { "if-none-match": first.headers.get("etag")! });
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toBe("image/svg+xml");
    expect(second.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await second.arrayBuffer()).equals(svg)).toBe(true);
  });

  it("falls back to Rúbrica's logo when the stored file is not an image", async () => {
    const organization = await createTestOrganization();
    const stored = await storage().put(Buffer.from("<html><script>alert(1)</script></html>"));
    await db.organization.update({ where: { id: organization.organization.id }, data: { logoFileName: stored.key } });
    const response = await logo(organization.organization.hexId);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer()).equals(defaultLogo)).toBe(true);
  });

  it("answers 404 in JSON for an unknown organisation", async () => {
    for (const id of [randomHex(), "not-an-id"]) {
      const response = await logo(id);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { errorCode: string }).errorCode).toBe("NOT_FOUND");
    }
  });
});

describe("deleting a draft from its detail", () => {
  it("deletes the draft with its stored files; the detail then knows it no more", async () => {
    const stored = await storage().put(await pdfBytes("borrador"));
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    await db.documentFile.updateMany({ where: { documentId: document.id }, data: { storageKey: stored.key } });
    const params = { documentHexId: document.hexId };

    expect((await call(deleteDraftRoute, `/api/documents/${document.hexId}`, { method: "DELETE", token: adminB, params })).status).toBe(
      404,
    );
    const deleted = await call(deleteDraftRoute, `/api/documents/${document.hexId}`, { method: "DELETE", token: operatorA, params });
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { deleted: true } });
    expect(await db.document.findUnique({ where: { id: document.id } })).toBeNull();
    await expect(storage().get(stored.key)).rejects.toThrow();
    expect((await call(statusRoute, "/api/x", { token: adminA, params })).status).toBe(404);
    expect((await dispatches(adminA, document.hexId)).status).toBe(404);
    const logged = await db.operationLog.count({
      where: {
        organizationId: orgA.organization.id,
        operationEventId: "DOCUMENT_DRAFT_DELETE",
        detail: { contains: `recordId=${document.hexId};` },
      },
    });
    expect(logged).toBe(1);
  });

  it("refuses to delete a shipment already sent", async () => {
    const { document } = await createReadyDocument(orgA.organization.id, { signers: [{}] });
    expect((await send(adminA, document.hexId)).status).toBe(200);
    const refused = await call(deleteDraftRoute, `/api/documents/${document.hexId}`, {
      method: "DELETE",
      token: adminA,
      params: { documentHexId: document.hexId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe("SHIPMENT_NOT_DRAFT");
  });
});
