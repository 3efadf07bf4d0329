import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProcesses } from "@/app/api/validation-processes/route";
import { GET as getProcess } from "@/app/api/validation-processes/[processHexId]/route";
import { POST as acceptProcess } from "@/app/api/validation-processes/[processHexId]/accept/route";
import { POST as rejectProcess } from "@/app/api/validation-processes/[processHexId]/reject/route";
import { GET as evidenceFile } from "@/app/api/validation-processes/[processHexId]/evidences/[evidenceHexId]/route";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/security/random";
import type { ValidationProcessDetail, ValidationProcessPage } from "@/lib/validation-review/schemas";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { signIn } from "../support/sign-in";
import { seedValidationInReview as seed, type SeededValidation, type ValidationCalls } from "../support/validation-review";
import { POST as createLink } from "@/app/api/validations/route";
import { POST as login } from "@/app/api/validation/[validationHexId]/login/route";
import { POST as geolocate } from "@/app/api/signprocess/addSigneeGeolocation/route";

type ErrorBody = { errorCode: string; message: string };
type Decision = { result: number; status: string; processHexId: string };

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let adminB: string;
let operatorA: string;
let noRoleA: string;
let adminAId: number;
let inReview: SeededValidation;

const list = (token: string, query: Record<string, string> = {}) =>
  call<ValidationProcessPage & ErrorBody>(listProcesses, "/api/validation-processes", { token, query: { size: "50", ...query } });
const detail = (token: string, processHexId: string, headers: Record<string, string> = {}) =>
  call<ValidationProcessDetail & ErrorBody>(getProcess, `/api/validation-processes/${processHexId}`, {
    token,
    params: { processHexId },
    headers,
  });
const accept = (token: string, processHexId: string) =>
  call<Decision & ErrorBody>(acceptProcess, `/api/validation-processes/${processHexId}/accept`, {
    token,
    body: {},
    params: { processHexId },
  });
const reject = (token: string, processHexId: string, body: unknown) =>
  call<Decision & ErrorBody>(rejectProcess, `/api/validation-processes/${processHexId}/reject`, { token, body, params: { processHexId } });

/** The real calls, in process, as staff member `token`. */
const callsOf = (token: string): ValidationCalls => ({
  createLink: (body) => call<{ validationHexId: string }>(createLink, "/api/validations", { token, body }),
  login: (validationHexId, body, ip) =>
    call<{ processHexId: string; urlSign: string }>(login, `/api/validation/${validationHexId}/login`, {
      body,
      ip,
      params: { validationHexId },
    }),
  geolocate: (body, urlSign) => call(geolocate, "/api/signprocess/addSigneeGeolocation", { body, headers: { "x-url-sign": urlSign } }),
});
const seedValidationInReview = (token: string, organizationId: number, person: Parameters<typeof seed>[2]) =>
  seed(callsOf(token), organizationId, person);

/** The evidence file route answers bytes, not JSON. */
async function download(token: string, processHexId: string, evidenceHexId: string) {
  const path = `/api/validation-processes/${processHexId}/evidences/${evidenceHexId}`;
  const request = new NextRequest(new URL(`http://127.0.0.1:3000${path}`), {
    headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.10") },
  });
  const response = await sendRequest(evidenceFile, request);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, b, operator, none] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgB),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
  ]);
  adminAId = a.id;
  [adminA, adminB, operatorA, noRoleA] = await Promise.all([signIn(a.email), signIn(b.email), signIn(operator.email), signIn(none.email)]);
  inReview = await seedValidationInReview(adminA, orgA.organization.id, { firstName: "Lucía", lastName: "Revisada" });
});

describe("the list of validation processes (GET /api/validation-processes)", () => {
  it("lists the organisation's processes by status with their checks, searches, counts and pages", async () => {
    const other = await seedValidationInReview(adminA, orgA.organization.id, { firstName: "Mario", lastName: "Pendiente" });
    await db.validationProcess.update({ where: { id: other.processId }, data: { status: "IN_PROGRESS" } });
    const foreign = await seedValidationInReview(adminB, orgB.organization.id, { firstName: "Lucía", lastName: "Ajena" });

    const all = await list(adminA);
    expect(all.status).toBe(200);
    const hexIds = all.body._embedded.validationProcesses.map((row) => row.processHexId);
    expect(hexIds).toEqual(expect.arrayContaining([inReview.processHexId, other.processHexId]));
    expect(hexIds).not.toContain(foreign.processHexId);
    expect(all.body.counts).toMatchObject({ IN_REVIEW: 1, IN_PROGRESS: 1 });

    const reviewing = await list(adminA, { status: "IN_REVIEW" });
    expect(reviewing.body._embedded.validationProcesses.map((row) => row.processHexId)).toEqual([inReview.processHexId]);
    expect(reviewing.body._embedded.validationProcesses[0]).toMatchObject({
      person: "Lucía Revisada",
      description: "Alta Revisada",
      status: "IN_REVIEW",
      checks: { evidences: 2, verified: 1, inReview: 1, failed: 0, located: true },
    });

    const ofLink = await list(adminA, { validationHexId: other.validationHexId });
    expect(ofLink.body._embedded.validationProcesses.map((row) => row.processHexId)).toEqual([other.processHexId]);
    expect(ofLink.body.counts).toEqual({ IN_PROGRESS: 1 });
    expect((await list(adminB, { validationHexId: other.validationHexId })).body._embedded.validationProcesses).toEqual([]);

    const searched = await list(adminA, { q: "pendiente" });
    expect(searched.body._embedded.validationProcesses.map((row) => row.processHexId)).toEqual([other.processHexId]);
    const paged = await list(adminA, { size: "1", page: "1" });
    expect(paged.body.page).toMatchObject({ size: 1, number: 1, totalElements: 2, totalPages: 2 });
    expect(paged.body._embedded.validationProcesses).toHaveLength(1);

    expect((await list(adminA, { status: "NOT_A_STATUS" })).status).toBe(400);
  });

  it("needs FIRMA:VIEW: the operator role lists, a user without role is refused", async () => {
    expect((await list(operatorA)).status).toBe(200);
    expect((await list(noRoleA)).status).toBe(403);
    expect((await call(listProcesses, "/api/validation-processes")).status).toBe(401);
  });
});

describe("a validation process's detail (GET /api/validation-processes/{processHexId})", () => {
  it("shows the person, each evidence with its checks, the video's digits, the location with its place name and the trail", async () => {
    const { status, body } = await detail(adminA, inReview.processHexId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      processHexId: inReview.processHexId,
      status: "IN_REVIEW",
      decidable: true,
      person: { firstName: "Lucía", lastName: "Revisada", identType: "DNI", country: "ES" },
      link: { description: "Alta Revisada" },
      flow: { steps: ["SELFIE", "VIDEO"] },
    });
    const selfie = body.evidences.find((e) => e.evidenceHexId === inReview.selfie);
    expect(selfie).toMatchObject({ kind: "SELFIE", check: "VERIFIED", mimeType: "image/jpeg", face: { distance: 0.31, threshold: 0.5 } });
    const video = body.evidences.find((e) => e.evidenceHexId === inReview.video);
    expect(video).toMatchObject({
      kind: "VIDEO",
      check: "IN_REVIEW",
      video: { digits: inReview.digits, reasons: ["FEW_MATCHED_FRAMES"], matchedFrames: 2, frames: 4, minDistance: 0.42 },
    });
    expect(body.locations).toHaveLength(1);
    expect(body.locations[0]).toMatchObject({ latitude: 40.4168, longitude: -3.7038, accuracy: 25 });
    expect(body.locations[0]!.displayName).toMatch(/Madrid/);
    expect(body.audit.map((event) => event.type)).toEqual(expect.arrayContaining(["subject.location", "evidence.stored"]));
  });

  it("serves each evidence's stored file to its organisation's staff only, byte for byte as hashed", async () => {
    const { body } = await detail(adminA, inReview.processHexId);
    const selfie = body.evidences.find((e) => e.evidenceHexId === inReview.selfie)!;
    expect(selfie.fileUrl).toBe(`/api/validation-processes/${inReview.processHexId}/evidences/${inReview.selfie}`);
    const file = await download(adminA, inReview.processHexId, inReview.selfie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("cache-control")).toContain("no-store");
    expect(sha256Hex(file.bytes)).toBe(selfie.sha256);
    expect((await download(adminB, inReview.processHexId, inReview.selfie)).status).toBe(404);
    expect((await download(noRoleA, inReview.processHexId, inReview.selfie)).status).toBe(403);
  });

  it("answers 404 for another organisation's process and for an unknown one", async () => {
    expect((await detail(adminB, inReview.processHexId)).status).toBe(404);
    expect((await detail(adminA, "0".repeat(32))).status).toBe(404);
    expect((await detail(adminA, "not-a-hex")).status).toBe(404);
  });
});

describe("deciding a validation process in review (POST …/accept, …/reject)", () => {
  it("accepts a process in review: COMPLETED, the video verified, logged and in the trail; a second decision is refused", async () => {
    const seeded = await seedValidationInReview(adminA, orgA.organization.id, { firstName: "Ana", lastName: "Aceptada" });
    const answer = await accept(adminA, seeded.processHexId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ result: 1, status: "COMPLETED", processHexId: seeded.processHexId });
    const row = await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } });
    expect(row).toMatchObject({ status: "COMPLETED", reviewedById: adminAId });
    expect(row.completedAt).not.toBeNull();
    expect((await db.evidence.findUniqueOrThrow({ where: { hexId: seeded.video } })).check).toBe("VERIFIED");
    const log = await db.operationLog.findFirst({
      where: { organizationId: orgA.organization.id, operationEventId: "VALIDATION_PROCESS_ACCEPT" },
      orderBy: { id: "desc" },
    });
    expect(log?.detail).toContain(`recordId=${seeded.processHexId}`);
    expect(await db.auditEvent.count({ where: { validationProcessId: seeded.processId, type: "validation.accepted" } })).toBe(1);
    expect(await verifyAuditChain(db, { validationProcessId: seeded.processId })).toBeNull();

    const again = await reject(adminA, seeded.processHexId, { reason: "Cambio de opinión" });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe("VALIDATION_PROCESS_DECIDED");
    expect((await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } })).status).toBe("COMPLETED");
  });

  it("rejects with a reason, irreversibly: the reason is required and no later decision changes it", async () => {
    const seeded = await seedValidationInReview(adminA, orgA.organization.id, { firstName: "Rita", lastName: "Rechazada" });
    const empty = await reject(adminA, seeded.processHexId, { reason: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.errorCode).toBe("REJECTION_REASON_REQUIRED");
    expect((await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } })).status).toBe("IN_REVIEW");

    const answer = await reject(adminA, seeded.processHexId, { reason: "El vídeo no muestra a la persona" });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("REJECTED");
    const row = await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } });
    expect(row).toMatchObject({ status: "REJECTED", rejectionReason: "El vídeo no muestra a la persona", reviewedById: adminAId });
    expect((await db.evidence.findUniqueOrThrow({ where: { hexId: seeded.video } })).check).toBe("FAILED");
    const event = await db.auditEvent.findFirstOrThrow({ where: { validationProcessId: seeded.processId, type: "validation.rejected" } });
    expect(event.payload).toMatchObject({ reason: "El vídeo no muestra a la persona", evidences: [seeded.video] });
    expect(
      await db.operationLog.count({
        where: {
          organizationId: orgA.organization.id,
          operationEventId: "VALIDATION_PROCESS_REJECT",
          detail: { contains: seeded.processHexId },
        },
      }),
    ).toBe(1);

    for (const second of [accept(adminA, seeded.processHexId), reject(adminA, seeded.processHexId, { reason: "Otra vez" })]) {
      const refused = await second;
      expect(refused.status).toBe(409);
      expect(refused.body.errorCode).toBe("VALIDATION_PROCESS_DECIDED");
      expect(refused.body.message).toMatch(/ya/i);
    }
    const after = await detail(adminA, seeded.processHexId);
    expect(after.body).toMatchObject({ status: "REJECTED", decidable: false, rejectionReason: "El vídeo no muestra a la persona" });
    expect(after.body.reviewedBy).toBe("Prueba Usuario");
  });

  it("decides only processes in review, of the caller's organisation, with FIRMA:UPDATE", async () => {
    const seeded = await seedValidationInReview(adminA, orgA.organization.id, { firstName: "Otro", lastName: "Caso" });
    // Another organisation's staff: the process looks absent, and nothing changes.
    expect((await accept(adminB, seeded.processHexId)).status).toBe(404);
    expect((await reject(adminB, seeded.processHexId, { reason: "Intrusión" })).status).toBe(404);
    // The operator role sees validations but may not decide them.
    expect((await accept(operatorA, seeded.processHexId)).status).toBe(403);
    expect((await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } })).status).toBe("IN_REVIEW");

    await db.validationProcess.update({ where: { id: seeded.processId }, data: { status: "IN_PROGRESS" } });
    const live = await accept(adminA, seeded.processHexId);
    expect(live.status).toBe(409);
    expect(live.body.errorCode).toBe("VALIDATION_PROCESS_NOT_IN_REVIEW");
    expect((await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } })).status).toBe("IN_PROGRESS");
  });
});
