import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as evidenceRoute } from "@/app/api/signprocess/[id]/evidence/route";
import { POST as restartRoute } from "@/app/api/signprocess/[id]/restart/route";
import { GET as getProcessRoute } from "@/app/api/signprocess/getSignatureProcess/[id]/route";
import { POST as uploadNewSelfieRoute } from "@/app/api/signprocess/uploadNewSelfie/route";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { sha256Hex } from "@/lib/security/random";
import { recordFailedAttempt } from "@/lib/signing/attempts";
import { capturedForCurrentStep } from "@/lib/signing/signer-identity";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createSentShipment } from "../support/signing";
import { rearCard } from "../support/id-card";

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

type Answer = {
  result?: number | string;
  evidenceHexId?: string;
  sha256?: string;
  finished?: boolean;
  next?: string;
  errorCode?: string;
  message?: string;
  page?: string;
  state?: string;
};

/** A photo the way a capture page sends one: an ID-card-like picture drawn in SVG, as JPEG or PNG. */
async function testPhoto(format: "jpeg" | "png" = "jpeg", label = "DOCUMENTO NACIONAL DE IDENTIDAD"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
    <rect width="856" height="540" fill="#dbeafe"/>
    <rect x="24" y="24" width="808" height="492" rx="28" fill="#eff6ff" stroke="#1e3a8a" stroke-width="6"/>
    <rect x="60" y="120" width="220" height="280" fill="#94a3b8"/>
    <circle cx="170" cy="210" r="60" fill="#475569"/>
    <text x="320" y="110" font-family="DejaVu Sans" font-size="30" fill="#1e3a8a">${label}</text>
    <text x="320" y="200" font-family="DejaVu Sans" font-size="26" fill="#0f172a">ESPAÑOLA ESPAÑOLA</text>
    <text x="320" y="260" font-family="DejaVu Sans" font-size="26" fill="#0f172a">12345678Z</text>
    <rect x="60" y="430" width="736" height="60" fill="#fde68a"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "jpeg" ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

function uploadRequest(path: string, secret: string | null, form: FormData): NextRequest {
  const headers: Record<string, string> = { ...clientAddressHeaders("203.0.113.40"), "user-agent": "vitest capture" };
  if (secret) headers["x-url-sign"] = secret;
  return new NextRequest(`http://127.0.0.1:3000${path}`, { method: "POST", body: form, headers });
}

async function answerOf(response: Response) {
  return { status: response.status, body: (await response.json()) as Answer };
}

/** POST /api/signprocess/{id}/evidence, multipart, the link secret in X-Url-Sign. */
async function upload(
  processHexId: string,
  secret: string,
  fields: { kind: string; uploadId?: string; accepted?: string; capturedAt?: string },
  file: Uint8Array | null,
  type = "image/jpeg",
) {
  const form = new FormData();
  form.set("kind", fields.kind);
  form.set("uploadId", fields.uploadId ?? randomUUID());
  form.set("capturedAt", fields.capturedAt ?? new Date().toISOString());
  if (fields.accepted) form.set("accepted", fields.accepted);
  if (file) form.set("file", new Blob([new Uint8Array(file)], { type }), "captura");
  const response = await sendRequest(evidenceRoute, uploadRequest(`/api/signprocess/${processHexId}/evidence`, secret, form));
  return answerOf(response);
}

const getProcess = (processHexId: string, secret: string) =>
  call<{ result: number; data: Record<string, unknown> }>(getProcessRoute, `/api/signprocess/getSignatureProcess/${processHexId}`, {
    params: { id: processHexId },
    headers: { "x-url-sign": secret },
  });

async function captureShipment(steps: StepType[] = ["ID_PHOTO", "SELFIE", "SIGNATURE"], organizationId = org.organization.id) {
  const { signers, document, flow } = await createSentShipment(organizationId, { signers: [{}], steps });
  const signer = signers[0]!;
  return { document, flow, signer: { ...signer, secret: signer.secret! } };
}

/** Mean absolute difference per channel value between two equally sized RGB images, over rows [from, to). */
async function difference(a: Buffer, b: Buffer, from: number, to: number): Promise<number> {
  const left = await sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const right = await sharp(b).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([right.info.width, right.info.height]).toEqual([left.info.width, left.info.height]);
  const rowBytes = left.info.width * left.info.channels;
  let sum = 0;
  for (let index = from * rowBytes; index < to * rowBytes; index++) sum += Math.abs(left.data[index]! - right.data[index]!);
  return sum / ((to - from) * rowBytes);
}

describe("POST /api/signprocess/{processHexId}/evidence: photos", () => {
  it("stores a JPEG and a PNG photo as stamped JPEGs whose hash is the evidence's and the audit trail's", async () => {
    const { signer, document } = await captureShipment();
    const front = await testPhoto("jpeg");
    const rear = await rearCard("png");

    const first = await upload(signer.hexId, signer.secret, { kind: "ID_FRONT" }, front);
    expect(first.status).toBe(200);
    // The rear is still missing: the step stays.
    expect(first.body).toMatchObject({ result: 1, finished: false, next: `/signature-process/id-photo/${signer.secret}/${signer.hexId}` });
    const second = await upload(signer.hexId, signer.secret, { kind: "ID_REAR" }, rear, "image/png");
    expect(second.body).toMatchObject({
      result: 1,
      finished: false,
      next: `/signature-process/selfie-photo/${signer.secret}/${signer.hexId}`,
    });

    for (const [answer, original] of [
      [first.body, front],
      [second.body, rear],
    ] as const) {
      const evidence = await db.evidence.findUniqueOrThrow({ where: { hexId: answer.evidenceHexId! } });
      const stored = Buffer.from(await storage().get(evidence.storageKey));
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: "jpeg", width: 856, height: 540 });
      expect(evidence).toMatchObject({ mimeType: "image/jpeg", size: stored.byteLength, sha256: sha256Hex(stored), signerId: signer.id });
      expect(answer.sha256).toBe(evidence.sha256);
      // The stamp is burnt into the bottom band; the rest is the photo as it was (give or take JPEG).
      expect(await difference(original, stored, 500, 540)).toBeGreaterThan(25);
      expect(await difference(original, stored, 0, 300)).toBeLessThan(4);
      expect((evidence.checkDetail as { originalSha256?: string }).originalSha256).toBe(sha256Hex(original));
      const event = await db.auditEvent.findFirstOrThrow({
        where: { documentId: document.id, type: "evidence.stored", payload: { path: ["evidence"], equals: evidence.hexId } },
      });
      expect(event.payload).toMatchObject({ kind: evidence.kind, sha256: evidence.sha256, signer: signer.hexId });
    }
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ currentStep: 1, status: "IN_PROGRESS" });
    expect((await getProcess(signer.hexId, signer.secret)).body.data).toMatchObject({ nextPage: "selfie-photo", hasRear: true });
    expect(await verifyAuditChain(db, { documentId: document.id })).toBeNull();
  });

  it("needs only the front when the step's document type has no rear, and refuses a rear then", async () => {
    const { signer, flow } = await captureShipment();
    const passport = await db.documentType.create({
      data: { organizationId: org.organization.id, name: `Pasaporte ${randomUUID().slice(0, 6)}`, hasRear: false },
    });
    await db.flowStep.updateMany({ where: { flowId: flow.id, type: "ID_PHOTO" }, data: { documentTypeId: passport.id } });
    expect((await getProcess(signer.hexId, signer.secret)).body.data).toMatchObject({ hasRear: false, nextPage: "id-photo" });

    const rear = await upload(signer.hexId, signer.secret, { kind: "ID_REAR" }, await testPhoto());
    expect(rear.status).toBe(404);
    expect(rear.body.errorCode).toBe("STEP_NOT_AVAILABLE");
    const front = await upload(signer.hexId, signer.secret, { kind: "ID_FRONT" }, await testPhoto());
    expect(front.body).toMatchObject({ result: 1, next: `/signature-process/selfie-photo/${signer.secret}/${signer.hexId}` });
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(1);
  });

  it("stores an upload sent twice (same uploadId) once, even when both arrive together", async () => {
    const { signer } = await captureShipment();
    const photo = await testPhoto();
    const uploadId = randomUUID();
    const first = await upload(signer.hexId, signer.secret, { kind: "ID_FRONT", uploadId }, photo);
    const again = await upload(signer.hexId, signer.secret, { kind: "ID_FRONT", uploadId }, photo);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      result: 1,
      evidenceHexId: first.body.evidenceHexId,
      sha256: first.body.sha256,
      next: first.body.next,
    });

    const rearId = randomUUID();
    const rear = await rearCard();
    const both = await Promise.all([
      upload(signer.hexId, signer.secret, { kind: "ID_REAR", uploadId: rearId }, rear),
      upload(signer.hexId, signer.secret, { kind: "ID_REAR", uploadId: rearId }, rear),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both[0].body.evidenceHexId).toBe(both[1].body.evidenceHexId);
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(2);
    expect(await db.auditEvent.count({ where: { type: "evidence.stored", payload: { path: ["signer"], equals: signer.hexId } } })).toBe(2);
    // The retry after the step moved on says where the process is now.
    expect((await upload(signer.hexId, signer.secret, { kind: "ID_REAR", uploadId: rearId }, rear)).body.next).toBe(
      `/signature-process/selfie-photo/${signer.secret}/${signer.hexId}`,
    );
  });

  it("refuses a capture out of turn with the page of the current step", async () => {
    const { signer } = await captureShipment();
    const early = await upload(signer.hexId, signer.secret, { kind: "SELFIE", accepted: "true" }, await testPhoto());
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "id-photo" });
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);
  });

  it("takes the selfie only with the signature-acceptance box ticked", async () => {
    const { signer } = await captureShipment(["SELFIE", "SIGNATURE"]);
    const photo = await testPhoto();
    const unticked = await upload(signer.hexId, signer.secret, { kind: "SELFIE" }, photo);
    expect(unticked.status).toBe(400);
    expect(unticked.body).toMatchObject({
      errorCode: "SELFIE_TERMS_REQUIRED",
      message: "Debe marcar la casilla de aceptación de la firma antes de tomarse la foto.",
    });
    expect((await upload(signer.hexId, signer.secret, { kind: "SELFIE", accepted: "false" }, photo)).body.errorCode).toBe(
      "SELFIE_TERMS_REQUIRED",
    );

    const ticked = await upload(signer.hexId, signer.secret, { kind: "SELFIE", accepted: "true" }, photo);
    expect(ticked.body).toMatchObject({ result: 1, next: `/signature-process/digital-signature/${signer.secret}/${signer.hexId}` });
    expect(await db.evidence.findFirstOrThrow({ where: { signerId: signer.id } })).toMatchObject({
      kind: "SELFIE",
      mimeType: "image/jpeg",
    });
  });

  it("refuses what is not a photo, and a photo without a file or link", async () => {
    const { signer } = await captureShipment();
    const text = new TextEncoder().encode("esto no es una foto");
    const notImage = await upload(signer.hexId, signer.secret, { kind: "ID_FRONT" }, text, "image/jpeg");
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({ errorCode: "EVIDENCE_FILE_INVALID" });
    const truncated = (await testPhoto()).subarray(0, 600);
    expect((await upload(signer.hexId, signer.secret, { kind: "ID_FRONT" }, truncated)).body.errorCode).toBe("EVIDENCE_FILE_INVALID");
    expect((await upload(signer.hexId, signer.secret, { kind: "ID_FRONT" }, null)).body.errorCode).toBe("EVIDENCE_FILE_INVALID");
    expect((await upload(signer.hexId, "0".repeat(32), { kind: "ID_FRONT" }, await testPhoto())).body.errorCode).toBe("INVALID_LINK");
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);
  });
});

describe("POST /api/signprocess/uploadNewSelfie (spec §7)", () => {
  it("takes the form processHexId, file and selfieValidOnGov, and answers result '1'", async () => {
    const { signer } = await captureShipment(["SELFIE", "SIGNATURE"]);
    const form = new FormData();
    form.set("processHexId", signer.hexId);
    form.set("file", new Blob([new Uint8Array(await testPhoto())], { type: "image/jpeg" }), "selfie.jpg");
    form.set("selfieValidOnGov", "true");
    const answer = await answerOf(
      await sendRequest(uploadNewSelfieRoute, uploadRequest("/api/signprocess/uploadNewSelfie", signer.secret, form)),
    );

    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe("1");
    const evidence = await db.evidence.findFirstOrThrow({ where: { signerId: signer.id } });
    expect(evidence).toMatchObject({ kind: "SELFIE", mimeType: "image/jpeg", hexId: answer.body.evidenceHexId });
    expect(evidence.checkDetail).toMatchObject({ client: JSON.stringify({ selfieValidOnGov: true }) });
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).currentStep).toBe(1);
  });

  it("honours Idempotency-Key per link: a retry with the same secret is answered again and stores one selfie; another form is 409", async () => {
    const { signer } = await captureShipment(["SELFIE", "SELFIE", "SIGNATURE"]);
    const photo = new Uint8Array(await testPhoto());
    const send = async (selfieValidOnGov: string, secret: string) => {
      const form = new FormData();
      form.set("processHexId", signer.hexId);
      form.set("file", new Blob([photo], { type: "image/jpeg" }), "selfie.jpg");
      form.set("selfieValidOnGov", selfieValidOnGov);
      const request = uploadRequest("/api/signprocess/uploadNewSelfie", secret, form);
      request.headers.set("idempotency-key", "selfie-retry-1");
      const response = await sendRequest(uploadNewSelfieRoute, request);
      return { replayed: response.headers.get("idempotent-replayed"), ...(await answerOf(response)) };
    };
    const first = await send("true", signer.secret);
    expect(first.status).toBe(200);
    const retry = await send("true", signer.secret);
    expect(retry).toMatchObject({ status: 200, replayed: "true" });
    expect(retry.body).toEqual(first.body);
    expect(await db.evidence.count({ where: { signerId: signer.id, kind: "SELFIE" } })).toBe(1);
    expect((await send("false", signer.secret)).body.errorCode).toBe("IDEMPOTENCY_KEY_REUSED");
    // Without the link's secret nothing is replayed: the call is judged as it is (an unknown link).
    const stranger = await send("true", "0".repeat(32));
    expect(stranger.replayed).toBeNull();
    expect(stranger.body.errorCode).toBe("INVALID_LINK");
  });
});

describe("failed attempts and finishedAttempts", () => {
  it("ends the round at max_capture_attempts, sends the signer to finishedAttempts, and a restart starts over from the first step", async () => {
    const own = await createTestOrganization();
    await db.configValue.create({ data: { organizationId: own.organization.id, name: "max_capture_attempts", value: "2" } });
    const { signer, document } = await captureShipment(["ID_PHOTO", "SELFIE", "SIGNATURE"], own.organization.id);
    const photo = await testPhoto();
    await upload(signer.hexId, signer.secret, { kind: "ID_FRONT" }, photo);
    await upload(signer.hexId, signer.secret, { kind: "ID_REAR" }, await rearCard());

    expect(await recordFailedAttempt(signer.id, "SELFIE", "FACE_NOT_IDENTIFIED")).toEqual({ attempts: 1, exhausted: false });
    expect((await getProcess(signer.hexId, signer.secret)).body.data).toMatchObject({ nextPage: "selfie-photo" });
    expect(await recordFailedAttempt(signer.id, "SELFIE", "FACE_NOT_IDENTIFIED")).toEqual({ attempts: 2, exhausted: true });

    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ status: "ATTEMPTS_EXHAUSTED" });
    expect((await getProcess(signer.hexId, signer.secret)).body).toMatchObject({
      result: 1,
      data: { nextPage: "finishedAttempts", status: "ATTEMPTS_EXHAUSTED" },
    });
    const blocked = await upload(signer.hexId, signer.secret, { kind: "SELFIE", accepted: "true" }, photo);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ errorCode: "ATTEMPTS_EXHAUSTED", page: "finishedAttempts" });

    const restart = await call<Answer>(restartRoute, `/api/signprocess/${signer.hexId}/restart`, {
      method: "POST",
      params: { id: signer.hexId },
      headers: { "x-url-sign": signer.secret },
    });
    expect(restart.body).toMatchObject({ result: 1, next: `/signature-process/home-page/${signer.secret}/${signer.hexId}` });
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({
      status: "IN_PROGRESS",
      currentStep: 0,
      attempts: 0,
    });
    expect((await getProcess(signer.hexId, signer.secret)).body.data).toMatchObject({ nextPage: "id-photo", currentStep: 0 });
    const again = await call<Answer>(restartRoute, `/api/signprocess/${signer.hexId}/restart`, {
      method: "POST",
      params: { id: signer.hexId },
      headers: { "x-url-sign": signer.secret },
    });
    expect(again.body.errorCode).toBe("RESTART_NOT_NEEDED");

    // The first round's photos stay in the trail, but the ID step is redone: the front alone does not finish it.
    expect(await capturedForCurrentStep(signer.hexId)).toEqual([]);
    const front = await upload(signer.hexId, signer.secret, { kind: "ID_FRONT" }, photo);
    expect(front.body.next).toBe(`/signature-process/id-photo/${signer.secret}/${signer.hexId}`);
    // What the id-photo page is told the server already has: it asks for the rear next.
    expect(await capturedForCurrentStep(signer.hexId)).toEqual(["ID_FRONT"]);
    const rear = await upload(signer.hexId, signer.secret, { kind: "ID_REAR" }, await rearCard());
    expect(rear.body.next).toBe(`/signature-process/selfie-photo/${signer.secret}/${signer.hexId}`);
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(4);
    const types = (await db.auditEvent.findMany({ where: { documentId: document.id }, orderBy: { sequence: "asc" } })).map((e) => e.type);
    expect(types).toEqual([
      "evidence.stored",
      "evidence.stored",
      "signer.attempt-failed",
      "signer.attempts-exhausted",
      "signer.restarted",
      "evidence.stored",
      "evidence.stored",
    ]);
    expect(await verifyAuditChain(db, { documentId: document.id })).toBeNull();
  });

  it("uses the step's own maxAttempts before the configuration's", async () => {
    const { signer, flow } = await captureShipment(["SELFIE", "SIGNATURE"]);
    await db.flowStep.updateMany({ where: { flowId: flow.id, type: "SELFIE" }, data: { maxAttempts: 1 } });
    expect(await recordFailedAttempt(signer.id, "SELFIE", "MORE_THAN_ONE_FACE")).toEqual({ attempts: 1, exhausted: true });
    expect((await getProcess(signer.hexId, signer.secret)).body.data).toMatchObject({ nextPage: "finishedAttempts" });
  });
});
