import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getProcessRoute } from "@/app/api/signprocess/getSignatureProcess/[id]/route";
import { GET as verifyRoute } from "@/app/api/signprocess/verify/[id]/route";
import { POST as stepRoute } from "@/app/api/signprocess/[id]/step/[page]/route";
import { POST as rejectRoute } from "@/app/api/signprocess/[id]/reject/route";
import { GET as fileRoute } from "@/app/api/signprocess/[id]/files/[fileHexId]/route";
import { POST as geolocationRoute } from "@/app/api/signprocess/addSigneeGeolocation/route";
import { GET as criRoute } from "@/app/api/centralRecord/saveCRIEvidence/[id]/route";
import { NextRequest } from "next/server";
import { importRegistry } from "@/lib/registry/import-registry";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import { inviteNextOrderIfDue } from "@/lib/documents/invite-next-order";
import { translator } from "@/lib/i18n/messages";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { downloadForSigner, filesDownloadToken, filesDownloadView } from "@/lib/signing/download-link";
import { openSignerLink } from "@/lib/signing/open-link";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { call, sendRequest } from "../support/http";
import { blankSignature, createSentShipment, drawnSignature, issueLink } from "../support/signing";

const es = translator("es-es", "errors");
const meta = () => ({ ip: `198.51.100.${Math.floor(Math.random() * 250) + 1}`, userAgent: "vitest signer" });

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

type ProcessAnswer = { result: number; invalid: boolean; linkState?: string; data: Record<string, unknown> };

const getProcess = (processHexId: string, secret: string | null, ip = meta().ip) =>
  call<ProcessAnswer>(getProcessRoute, `/api/signprocess/getSignatureProcess/${processHexId}`, {
    params: { id: processHexId },
    headers: secret ? { "x-url-sign": secret } : {},
    ip,
  });

const step = (processHexId: string, secret: string, page: string, body: unknown) =>
  call<{ result?: number; finished?: boolean; next?: string; errorCode?: string; message?: string; page?: string; state?: string }>(
    stepRoute,
    `/api/signprocess/${processHexId}/step/${page}`,
    {
      method: "POST",
      body,
      params: { id: processHexId, page },
      headers: { "x-url-sign": secret },
    },
  );

const reject = (processHexId: string, secret: string, body: unknown) =>
  call<{ result?: number; documentRejected?: boolean; errorCode?: string; message?: string }>(
    rejectRoute,
    `/api/signprocess/${processHexId}/reject`,
    {
      method: "POST",
      body,
      params: { id: processHexId },
      headers: { "x-url-sign": secret },
    },
  );

async function walkToSignature(processHexId: string, secret: string) {
  expect((await step(processHexId, secret, "data-confirm", { identType: "DNI", identNumber: "12345678Z", country: "ES" })).status).toBe(
    200,
  );
  expect((await step(processHexId, secret, "accept-terms", { accepted: true, termsVersion: "1.0" })).status).toBe(200);
  expect((await step(processHexId, secret, "see-document", { viewed: true })).status).toBe(200);
}

describe("opening a signer's link", () => {
  it("starts the process, counts the use, moves the shipment to IN_PROGRESS and leads to the home page", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    const opened = await openSignerLink(signer.hexId, signer.secret!, meta());

    expect(opened.redirect).toBe(`/signature-process/home-page/${signer.secret}/${signer.hexId}`);
    const stored = await db.signer.findUniqueOrThrow({ where: { id: signer.id } });
    expect(stored).toMatchObject({ status: "IN_PROGRESS", uses: 1 });
    expect(stored.startedAt).not.toBeNull();
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("IN_PROGRESS");
    const events = await db.auditEvent.findMany({ where: { documentId: document.id } });
    expect(events.map((e) => e.type)).toEqual(["signer.started"]);
  });

  it("answers a wrong or superseded secret as an unknown link, and a resend's new link works", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    const fresh = await issueLink(signer.id);

    expect((await openSignerLink(signer.hexId, signer.secret!, meta())).redirect).toBe("/error/UNKNOWN/UNKNOWN");
    expect((await openSignerLink(signer.hexId, randomHex(16), meta())).redirect).toBe("/error/UNKNOWN/UNKNOWN");
    expect((await openSignerLink(randomHex(16), fresh, meta())).redirect).toBe("/error/UNKNOWN/UNKNOWN");
    expect((await openSignerLink(signer.hexId, fresh, meta())).redirect).toContain("/signature-process/home-page/");
  });

  it("stops at max_link_uses with 'Número máximo de usos alcanzado'", async () => {
    const own = await createTestOrganization();
    await db.configValue.create({ data: { organizationId: own.organization.id, name: "max_link_uses", value: "2" } });
    const { signers } = await createSentShipment(own.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    await openSignerLink(signer.hexId, signer.secret!, meta());
    await openSignerLink(signer.hexId, signer.secret!, meta());

    expect((await openSignerLink(signer.hexId, signer.secret!, meta())).redirect).toBe("/maxNumberUses");
    expect(es("MAX_USES_REACHED")).toBe("Número máximo de usos alcanzado");
    // The refused opening is counted once, which uses the link up (tests/integration/signer-link-guard.test.ts).
    expect((await openSignerLink(signer.hexId, signer.secret!, meta())).redirect).toBe("/maxNumberUses");
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).uses).toBe(3);
  });

  it("sends a cancelled shipment's, a lapsed link's and a draft's signer to the page of their state", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}] });
    await db.signer.update({ where: { id: signers[1]!.id }, data: { status: "IN_REVIEW" } });
    expect((await openSignerLink(signers[1]!.hexId, signers[1]!.secret!, meta())).redirect).toBe(
      `/signature-process/review-process/${signers[1]!.secret}/${signers[1]!.hexId}`,
    );
    await db.signer.update({ where: { id: signers[1]!.id }, data: { status: "LAPSED" } });
    expect((await openSignerLink(signers[1]!.hexId, signers[1]!.secret!, meta())).redirect).toBe("/error/LAPSED/LAPSED");
    await db.document.update({ where: { id: document.id }, data: { status: "CANCELLED" } });
    expect((await openSignerLink(signers[0]!.hexId, signers[0]!.secret!, meta())).redirect).toBe("/error/PENDING/CANCELLED");
    await db.document.update({ where: { id: document.id }, data: { status: "DRAFT" } });
    expect((await openSignerLink(signers[0]!.hexId, signers[0]!.secret!, meta())).redirect).toBe("/error/PENDING/INCORRECT_STATUS");
  });

  it("refuses to let secrets be guessed: wrong secrets from one address are rate-limited", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const ip = "192.0.2.77";
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await getProcess(signers[0]!.hexId, randomHex(16), ip)).status;
    expect(last).toBe(429);
    // The right secret from elsewhere still works.
    expect((await getProcess(signers[0]!.hexId, signers[0]!.secret!)).body.result).toBe(1);
  });
});

describe("GET /api/signprocess/getSignatureProcess/{id}", () => {
  it("gives a live link the signature process data of spec §3 and never the link's secret", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, {
      signers: [{ language: "en_us" }],
      steps: ["DATA_CONFIRM", "SEE_DOCUMENT", "SIGNATURE", "GEOLOCATION"],
    });
    const signer = signers[0]!;
    const { status, body } = await getProcess(signer.hexId, signer.secret!);

    expect(status).toBe(200);
    expect(body.result).toBe(1);
    expect(body.data).toMatchObject({
      processHexId: signer.hexId,
      FirstNameSignee: "Firmante0",
      lastNameSignee: "Prueba",
      documentName: document.title,
      nameOrganization: org.organization.name,
      logoOrganization: `logo-${org.organization.hexId}`,
      documentHexId: document.hexId,
      documentStatus: "SENT",
      status: "PENDING",
      preferredLanguage: "en-us",
      stepOrder: ["data-confirm", "see-document", "digital-signature"],
      nextPage: "data-confirm",
      geolocateSigners: true,
      obligatoryGeolocation: false,
      termsAccepted: false,
      userIdCardActive: false,
    });
    expect(JSON.stringify(body)).not.toContain(signer.secret!);
  });

  it("gives an ended link result 2: only the organisation's name and logo, flagged invalid; a wrong secret learns nothing", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    const wrong = await getProcess(signer.hexId, randomHex(16));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: "INVALID_LINK" });

    await db.signer.update({ where: { id: signer.id }, data: { status: "REJECTED" } });
    const ended = await getProcess(signer.hexId, signer.secret!);
    expect(ended.body).toMatchObject({ result: 2, invalid: true, linkState: "REJECTED" });
    expect(Object.keys(ended.body.data).sort()).toEqual(["logoOrganization", "nameOrganization"]);

    const verify = await call(verifyRoute, `/api/signprocess/verify/${signer.hexId}`, {
      params: { id: signer.hexId },
      headers: { "x-url-sign": signer.secret! },
    });
    expect(verify.body).toEqual({ status: "REJECTED", documentStatus: "SENT", linkState: "REJECTED" });
  });

  it("answers an unknown process with the invalid-link error", async () => {
    const unknown = await getProcess(randomHex(16), randomHex(16));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errorCode: "INVALID_LINK" });
  });
});

describe("the signing steps", () => {
  it("takes a signer through data, terms, document and signature in the flow's order and completes the shipment", async () => {
    const { document, signers, pdf } = await createSentShipment(org.organization.id, { signers: [{}] });
    const { hexId, secret, id } = { ...signers[0]!, secret: signers[0]!.secret! };

    const early = await step(hexId, secret, "digital-signature", { image: await drawnSignature() });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "data-confirm" });

    const missing = await step(hexId, secret, "data-confirm", { identType: "DNI", identNumber: "", country: "ES" });
    expect(missing.body).toMatchObject({
      errorCode: "IDENT_NUMBER_REQUIRED",
      message: "El número de identificación es obligatorio en el proceso de firma.",
    });
    const invalid = await step(hexId, secret, "data-confirm", { identType: "DNI", identNumber: "12-3", country: "ES" });
    expect(invalid.body).toMatchObject({ errorCode: "INVALID_IDENT_NUMBER", field: "identNumber" });
    const confirmed = await step(hexId, secret, "data-confirm", {
      identType: "DNI",
      identNumber: "12345678z",
      country: "es",
      cellPhone: "+34600111222",
    });
    expect(confirmed.body).toMatchObject({ result: 1, finished: false, next: `/signature-process/accept-terms/${secret}/${hexId}` });
    expect(await db.signer.findUniqueOrThrow({ where: { id } })).toMatchObject({
      identNumber: "12345678Z",
      country: "ES",
      cellPhone: "+34600111222",
      currentStep: 1,
    });

    const replay = await step(hexId, secret, "data-confirm", { identType: "DNI", identNumber: "12345678Z", country: "ES" });
    expect(replay.body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "accept-terms" });

    const unticked = await step(hexId, secret, "accept-terms", { accepted: false, termsVersion: "1.0" });
    expect(unticked.body).toMatchObject({ errorCode: "TERMS_NOT_ACCEPTED" });
    expect((await step(hexId, secret, "accept-terms", { accepted: true, termsVersion: "1.0" })).body.next).toBe(
      `/signature-process/see-document/${secret}/${hexId}`,
    );
    expect(await db.signer.findUniqueOrThrow({ where: { id } })).toMatchObject({ termsAccepted: true, termsVersion: "1.0" });

    const file = document.files[0]!;
    const request = new NextRequest(`http://127.0.0.1:3000/api/signprocess/${hexId}/files/${file.hexId}`, {
      headers: { "x-url-sign": secret },
    });
    const served = await sendRequest(fileRoute, request);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    const foreign = await sendRequest(fileRoute, new NextRequest(request.url, { headers: { "x-url-sign": randomHex(16) } }));
    expect(foreign.status).toBe(400);

    expect((await step(hexId, secret, "see-document", { viewed: true })).body.next).toBe(
      `/signature-process/digital-signature/${secret}/${hexId}`,
    );

    const blank = await step(hexId, secret, "digital-signature", { image: await blankSignature() });
    expect(blank.body).toMatchObject({
      errorCode: "SIGNATURE_EMPTY",
      message: "La firma es obligatoria: dibuje su firma en el recuadro antes de continuar.",
    });
    const notPng = await step(hexId, secret, "digital-signature", { image: "data:image/png;base64,aGVsbG8=" });
    expect(notPng.body).toMatchObject({ errorCode: "SIGNATURE_IMAGE_INVALID" });

    const image = await drawnSignature();
    const signed = await step(hexId, secret, "digital-signature", { image });
    expect(signed.body).toMatchObject({ result: 1, finished: true, next: `/signature-process/full-process/${secret}/${hexId}` });

    const evidence = await db.evidence.findFirstOrThrow({ where: { signerId: id } });
    const bytes = Buffer.from(image.split(",")[1]!, "base64");
    expect(evidence).toMatchObject({ kind: "SIGNATURE_DRAWING", mimeType: "image/png", sha256: sha256Hex(bytes), check: "PENDING" });
    expect(Buffer.from(await storage().get(evidence.storageKey)).equals(bytes)).toBe(true);
    expect((await db.signer.findUniqueOrThrow({ where: { id } })).status).toBe("COMPLETED");
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("COMPLETED");

    const after = await step(hexId, secret, "digital-signature", { image });
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ errorCode: "LINK_ENDED", state: "COMPLETED" });
    expect((await getProcess(hexId, secret)).body).toMatchObject({ result: 2, linkState: "COMPLETED" });

    const events = await db.auditEvent.findMany({ where: { documentId: document.id }, orderBy: { sequence: "asc" } });
    expect(events.map((e) => e.type)).toEqual([
      "signer.data-confirmed",
      "signer.terms-accepted",
      "signer.document-viewed",
      "evidence.stored",
      "signer.completed",
    ]);
    expect(await verifyAuditChain(db, { documentId: document.id })).toBeNull();
  });

  it("detects a tampered audit trail", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    await walkToSignature(signers[0]!.hexId, signers[0]!.secret!);
    const second = await db.auditEvent.findFirstOrThrow({ where: { documentId: document.id, sequence: 2 } });
    await db.auditEvent.update({ where: { id: second.id }, data: { payload: { signer: "someone else", termsVersion: "1.0" } } });
    expect(await verifyAuditChain(db, { documentId: document.id })).toBe(2);
  });

  it("invites the next order only when the first reaches its minimum with every mandatory signer", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, {
      signers: [{ position: 1, mandatory: true }, { position: 1, mandatory: false }, { position: 2 }],
      minSigners: { 1: 1 },
      steps: ["SEE_DOCUMENT", "SIGNATURE"],
    });
    const [mandatory, optional, second] = signers;
    const sign = async (s: { hexId: string; secret: string | null }) => {
      expect((await step(s.hexId, s.secret!, "see-document", { viewed: true })).status).toBe(200);
      expect((await step(s.hexId, s.secret!, "digital-signature", { image: await drawnSignature() })).body.finished).toBe(true);
    };

    await sign(optional!);
    expect(await db.delivery.count({ where: { signerId: second!.id } })).toBe(0);
    await sign(mandatory!);
    expect(await db.delivery.count({ where: { signerId: second!.id, kind: "INVITATION" } })).toBe(1);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("IN_PROGRESS");
  });
});

describe("rejecting", () => {
  it("needs a reason, and a mandatory signer's rejection ends the shipment for everyone", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{ mandatory: true }, {}] });
    const [first, other] = signers;

    const empty = await reject(first!.hexId, first!.secret!, { reason: "  " });
    expect(empty.body).toMatchObject({ errorCode: "REJECTION_REASON_REQUIRED", message: "Debe indicar el motivo del rechazo." });

    const done = await reject(first!.hexId, first!.secret!, { reason: "El importe no es el acordado" });
    expect(done.body).toEqual({ result: 1, documentRejected: true });
    expect(await db.signer.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({
      status: "REJECTED",
      rejectionReason: "El importe no es el acordado",
    });
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("REJECTED");
    expect((await db.signer.findUniqueOrThrow({ where: { id: other!.id } })).status).toBe("CANCELLED");
    expect((await openSignerLink(other!.hexId, other!.secret!, meta())).redirect).toBe("/error/CANCELLED/REJECTED");
  });

  it("closes a signer waiting in review when the shipment ends by a rejection or by completing without them", async () => {
    const rejected = await createSentShipment(org.organization.id, { signers: [{ mandatory: true }, {}] });
    await db.signer.update({ where: { id: rejected.signers[1]!.id }, data: { status: "IN_REVIEW" } });
    expect(
      (await reject(rejected.signers[0]!.hexId, rejected.signers[0]!.secret!, { reason: "El importe no es el acordado" })).body,
    ).toEqual({ result: 1, documentRejected: true });
    expect((await db.signer.findUniqueOrThrow({ where: { id: rejected.signers[1]!.id } })).status).toBe("CANCELLED");

    // One of two optional signers is enough; the other waits for staff to review their video.
    const completed = await createSentShipment(org.organization.id, {
      signers: [{ mandatory: false }, { mandatory: false }],
      minSigners: { 1: 1 },
    });
    await db.signer.update({ where: { id: completed.signers[1]!.id }, data: { status: "IN_REVIEW" } });
    await db.signer.update({ where: { id: completed.signers[0]!.id }, data: { status: "COMPLETED", signedAt: new Date() } });
    expect(await inviteNextOrderIfDue(completed.document.id)).toEqual({ invitedOrder: null, completed: true });
    expect((await db.document.findUniqueOrThrow({ where: { id: completed.document.id } })).status).toBe("COMPLETED");
    expect((await db.signer.findUniqueOrThrow({ where: { id: completed.signers[1]!.id } })).status).toBe("CANCELLED");
  });

  it("keeps the shipment going when an optional signer declines and the order can still reach its minimum", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, {
      signers: [{ mandatory: false }, { mandatory: false }],
      minSigners: { 1: 1 },
    });
    expect((await reject(signers[0]!.hexId, signers[0]!.secret!, { reason: "No me corresponde firmar" })).body).toEqual({
      result: 1,
      documentRejected: false,
    });
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("SENT");
  });

  it("refuses when the sender did not allow it, or once the signer's evidence is verified", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{ canReject: false }, {}] });
    expect((await reject(signers[0]!.hexId, signers[0]!.secret!, { reason: "No" })).body).toMatchObject({
      errorCode: "REJECTION_NOT_ALLOWED",
    });

    await db.evidence.create({
      data: {
        kind: "SELFIE",
        signerId: signers[1]!.id,
        storageKey: "x",
        mimeType: "image/jpeg",
        size: 1,
        sha256: sha256Hex("x"),
        check: "VERIFIED",
      },
    });
    const verified = await reject(signers[1]!.hexId, signers[1]!.secret!, { reason: "Cambié de opinión" });
    expect(verified.body).toMatchObject({ errorCode: "REJECTION_EVIDENCE_VERIFIED" });
  });
});

describe("POST /api/signprocess/addSigneeGeolocation", () => {
  const locate = (secret: string, body: unknown) =>
    call<{ result?: number; errorCode?: string; message?: string; location?: Record<string, unknown> }>(
      geolocationRoute,
      "/api/signprocess/addSigneeGeolocation",
      { method: "POST", body, headers: { "x-url-sign": secret } },
    );

  it("stores the signer's position as a spec §3 location object in the audit trail", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], geolocateSigners: true });
    const signer = signers[0]!;
    const answer = await locate(signer.secret!, {
      process: "ENVIO",
      processHexId: signer.hexId,
      geolocation: {
        timestamp: Date.now(),
        latitude: 40.4168,
        longitude: -3.7038,
        accuracy: 12,
        altitude: null,
        altitudeAccuracy: null,
        heading: null,
        speed: null,
      },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.location).toMatchObject({ latitude: 40.4168, longitude: -3.7038, accuracy: 12, address: { errorCode: null } });
    expect(String((answer.body.location?.address as { displayName?: string }).displayName)).toContain("Madrid");
    expect(String(answer.body.location?.mapLink)).toContain("40.4168");
    expect(await db.location.count({ where: { signerId: signer.id, processType: "ENVIO" } })).toBe(1);
    expect((await db.auditEvent.findFirstOrThrow({ where: { documentId: document.id, type: "signer.location" } })).payload).toMatchObject({
      latitude: 40.4168,
    });
  });

  it("blocks with the spec §8 message when the flow makes the location obligatory and the signer denies it", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], obligatoryGeolocation: true });
    const signer = signers[0]!;
    const denied = await locate(signer.secret!, {
      process: "ENVIO",
      processHexId: signer.hexId,
      geolocation: { timestamp: Date.now(), errorCode: 1, errorMessage: "User denied Geolocation" },
    });

    expect(denied.status).toBe(400);
    expect(denied.body.message).toBe(
      "Debe permitir el acceso a su localización para continuar con el proceso, asegurese de conceder el permiso e intente nuevamente reiniciando la operación.",
    );
    expect(await db.location.findFirstOrThrow({ where: { signerId: signer.id } })).toMatchObject({ errorCode: 1, latitude: null });
  });

  it("refuses a position outside the globe and a wrong secret", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    expect(
      (
        await locate(signer.secret!, {
          process: "ENVIO",
          processHexId: signer.hexId,
          geolocation: { timestamp: Date.now(), latitude: 123, longitude: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await locate(randomHex(16), {
          process: "ENVIO",
          processHexId: signer.hexId,
          geolocation: { timestamp: Date.now(), latitude: 1, longitude: 1 },
        })
      ).body.errorCode,
    ).toBe("INVALID_LINK");
  });
});

describe("the signed document for signers (/files-download/{urlDownload})", () => {
  it("gives the signer their copy once the shipment is complete and sealed, and nothing to a forged link", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    const signer = signers[0]!;
    const token = await filesDownloadToken(document.hexId, signer.hexId);
    expect((await filesDownloadView(token)).ready).toBe(false);
    await expect(downloadForSigner(token, undefined, "es-es", meta())).rejects.toMatchObject({ code: "DOWNLOAD_NOT_COMPLETED" });

    expect((await step(signer.hexId, signer.secret!, "digital-signature", { image: await drawnSignature() })).body.finished).toBe(true);
    await expect(downloadForSigner(token, undefined, "es-es", meta())).rejects.toMatchObject({ code: "DOWNLOAD_NOT_READY" });

    // Stands in for the sealing worker (a later capability): the signed file is stored on the document's file.
    const signedBytes = Buffer.from("%PDF-1.7 signed stand-in");
    const stored = await storage().put(signedBytes);
    await db.documentFile.update({
      where: { id: document.files[0]!.id },
      data: { signedStorageKey: stored.key, signedSha256: stored.sha256 },
    });

    const view = await filesDownloadView(token);
    expect(view).toMatchObject({
      ready: true,
      title: document.title,
      files: [{ hexId: document.files[0]!.hexId, fileName: "contrato.pdf" }],
    });
    const packed = await downloadForSigner(token, undefined, "es-es", meta());
    expect(Buffer.from(packed.body).equals(signedBytes)).toBe(true);
    expect(packed.fileName).toMatch(/contrato.*\.pdf$/);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "signer.downloaded" } })).toBe(1);

    // With the audit certificate, a sealed PDF of its own: offered on the page, alone or in a ZIP with the signed file.
    const certificateBytes = Buffer.from("%PDF-1.7 certificate stand-in");
    const certificate = await storage().put(certificateBytes);
    await db.document.update({
      where: { id: document.id },
      data: { certificateStorageKey: certificate.key, certificateSha256: certificate.sha256 },
    });
    expect((await filesDownloadView(token)).certificate).toBe(true);
    const alone = await downloadForSigner(token, "certificate", "es-es", meta());
    expect([alone.contentType, Buffer.from(alone.body).equals(certificateBytes)]).toEqual(["application/pdf", true]);
    expect(alone.fileName).toMatch(/certificado-de-auditoria\.pdf$/);
    const both = await downloadForSigner(token, undefined, "es-es", meta());
    expect(both.contentType).toBe("application/zip");
    expect(Object.values(unzipSync(both.body)).map((bytes) => Buffer.from(bytes).toString("latin1"))).toEqual([
      signedBytes.toString("latin1"),
      certificateBytes.toString("latin1"),
    ]);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "signer.downloaded" } })).toBe(3);

    const other = await createSentShipment(org.organization.id, { signers: [{}] });
    const foreign = await filesDownloadToken(other.document.hexId, signer.hexId);
    await expect(filesDownloadView(foreign)).rejects.toMatchObject({ code: "INVALID_LINK" });
    const tampered = `${token.slice(0, -3)}${token.endsWith("A") ? "B" : "A"}xx`;
    await expect(filesDownloadView(tampered)).rejects.toMatchObject({ code: "INVALID_LINK" });
  });
});

describe("the server is the judge", () => {
  it("never lets a configured step be skipped by calling the API directly, and refuses a replayed upload's second step", async () => {
    const { signers } = await createSentShipment(org.organization.id, {
      signers: [{}],
      steps: ["ACCEPT_TERMS", "SEE_DOCUMENT", "SIGNATURE"],
    });
    const { hexId, secret } = { ...signers[0]!, secret: signers[0]!.secret! };
    for (const page of ["see-document", "digital-signature"]) {
      const skipped = await step(hexId, secret, page, page === "see-document" ? { viewed: true } : { image: await drawnSignature() });
      expect(skipped.body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "accept-terms" });
    }
    const notInFlow = await step(hexId, secret, "data-confirm", { identType: "DNI", identNumber: "12345678Z", country: "ES" });
    expect(notInFlow.body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "accept-terms" });
    const unknown = await step(hexId, secret, "no-such-step", {});
    expect(unknown.body).toMatchObject({ errorCode: "STEP_NOT_AVAILABLE" });
    expect(await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).toMatchObject({ currentStep: 0, status: "PENDING" });
  });

  it("applies two devices' simultaneous submissions of one step once", async () => {
    const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SEE_DOCUMENT", "SIGNATURE"] });
    const { hexId, secret } = { ...signers[0]!, secret: signers[0]!.secret! };
    const answers = await Promise.all([
      step(hexId, secret, "see-document", { viewed: true }),
      step(hexId, secret, "see-document", { viewed: true }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).currentStep).toBe(1);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: "signer.document-viewed" } })).toBe(1);
    expect(await verifyAuditChain(db, { documentId: document.id })).toBeNull();
  });
});

describe("the government identity registry (GET /api/centralRecord/saveCRIEvidence/{id})", () => {
  const cri = (processHexId: string, secret: string) =>
    call<{ result?: number; registered?: boolean; nameMatches?: boolean; errorCode?: string; message?: string }>(
      criRoute,
      `/api/centralRecord/saveCRIEvidence/${processHexId}`,
      { params: { id: processHexId }, headers: { "x-url-sign": secret } },
    );

  it("imports the local registry from CSV all or nothing, and keeps each check's answer as hashed evidence", async () => {
    const number = `${Math.floor(Math.random() * 90_000_000) + 10_000_000}Z`;
    const csv = `country,identType,identNumber,firstName,lastName,birthDate\nES,DNI,${number},Firmante0,Prueba,1990-04-01\nES,DNI,${number}X,Otra,Persona,\n`;
    expect(await importRegistry({ fileName: "registro.csv", bytes: Buffer.from(csv) })).toEqual({ imported: 2 });
    const broken = `country,identType,identNumber,firstName,lastName\nES,DNI,99999999R,Nadie,Nunca\nESP,DNI,1,Mal,País\n`;
    await expect(importRegistry({ fileName: "registro.csv", bytes: Buffer.from(broken) })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await db.registryPerson.count({ where: { identNumber: "99999999R" } })).toBe(0);

    const { signers } = await createSentShipment(org.organization.id, {
      signers: [{ identNumber: number }, { identNumber: `${Math.floor(Math.random() * 90_000_000) + 10_000_000}Q` }],
    });
    const known = await cri(signers[0]!.hexId, signers[0]!.secret!);
    expect(known.body).toEqual({ result: 1, registered: true, nameMatches: true });
    const evidence = await db.evidence.findFirstOrThrow({ where: { signerId: signers[0]!.id, kind: "EVIDENCE" } });
    expect(evidence.check).toBe("VERIFIED");
    expect(sha256Hex(Buffer.from(await storage().get(evidence.storageKey)))).toBe(evidence.sha256);

    const unknown = await cri(signers[1]!.hexId, signers[1]!.secret!);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      errorCode: "PERSON_NOT_IN_REGISTRY",
      message: "La persona no está registrada en el registro del gobierno.",
    });
    expect((await db.evidence.findFirstOrThrow({ where: { signerId: signers[1]!.id, kind: "EVIDENCE" } })).check).toBe("FAILED");
  });
});
