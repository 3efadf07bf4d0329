import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { db, type Tx } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import type { IdentityProcess, ProcessFlow } from "@/lib/evidence/identity-process";
import { storeCapture } from "@/lib/evidence/upload-evidence";
import { randomHex } from "@/lib/security/random";
import { validationRound } from "@/lib/validation-process/validation-round";

// A validation process as a person leaves it for staff review, made through the real calls: a link created by
// staff (POST /api/validations), the PIN entered (POST /api/validation/{hexId}/login), the location reported
// (POST /api/signprocess/addSigneeGeolocation) and the captures stored by the evidence pipeline
// (lib/evidence/upload-evidence.ts storeCapture). The validation process's own pages and flow are not built yet,
// so its ProcessFlow here is the smallest one the pipeline needs (steps in order, no review of its own), and the
// verdicts of the face and liveness check jobs (which need the face models) are written as those jobs write them.

/** The smallest ProcessFlow of a validation process: its steps in order. */
function validationFlow(processId: number, steps: IdentityProcess["flowSteps"]): ProcessFlow {
  return {
    steps,
    state: (tx: Tx) => tx.validationProcess.findUniqueOrThrow({ where: { id: processId }, select: { status: true, currentStep: true } }),
    async advance(tx: Tx, currentStep: number) {
      const nextStep = currentStep + 1;
      const finished = nextStep >= steps.length;
      await tx.validationProcess.update({ where: { id: processId }, data: { currentStep: nextStep, status: "IN_PROGRESS" } });
      return { nextStep, finished };
    },
    countFailedAttempt: () => Promise.resolve({ attempts: 0, exhausted: false }),
    putInReview: () => Promise.resolve(),
    outOfOrder: () => new AppError("STEP_NOT_AVAILABLE"),
    afterFinished: () => Promise.resolve(),
  };
}

type Answer<T> = { status: number; body: T };

/**
 * The public calls a seeded process goes through: in process for the integration tests (tests/support/http.ts
 * call), over HTTP to the running app for the browser tests. `token` is the staff member's session.
 */
export type ValidationCalls = {
  createLink(body: Record<string, unknown>): Promise<Answer<{ validationHexId: string }>>;
  login(validationHexId: string, body: { pin: string }, ip: string): Promise<Answer<{ processHexId: string; urlSign: string }>>;
  geolocate(body: Record<string, unknown>, urlSign: string): Promise<Answer<unknown>>;
};

export type SeededValidation = {
  validationHexId: string;
  processHexId: string;
  urlSign: string;
  processId: number;
  selfie: string;
  video: string;
  digits: string;
};

/**
 * A validation process of the staff member's organisation (token) waiting IN_REVIEW: the person's data, a
 * location in Madrid, a selfie whose face matched (distance 0.31 under 0.5) and a video with its digits that the
 * liveness check could not decide.
 */
export async function seedValidationInReview(
  calls: ValidationCalls,
  organizationId: number,
  person: { firstName: string; lastName: string; identNumber?: string },
): Promise<SeededValidation> {
  const flow = await db.flow.create({
    data: {
      organizationId,
      name: `Validación revisión ${randomHex(3)}`,
      kind: "VALIDATION",
      active: true,
      steps: {
        create: [
          { position: 1, type: "SELFIE" as StepType },
          { position: 2, type: "VIDEO" as StepType },
        ],
      },
    },
    include: { steps: { orderBy: { position: "asc" } } },
  });
  const created = await calls.createLink({
    flowHexId: flow.hexId,
    pin: "2468",
    expirationDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    description: `Alta ${person.lastName}`,
    userLocation: "ASK",
  });
  if (created.status !== 201) throw new Error(`link not created: ${JSON.stringify(created.body)}`);
  const { validationHexId } = created.body;
  const entered = await calls.login(validationHexId, { pin: "2468" }, `198.51.100.${Math.floor(Math.random() * 200) + 20}`);
  if (entered.status !== 200) throw new Error(`login refused: ${JSON.stringify(entered.body)}`);
  const { processHexId, urlSign } = entered.body;
  const row = await db.validationProcess.update({
    where: { hexId: processHexId },
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: `${person.lastName.toLowerCase()}@example.test`,
      country: "ES",
      identType: "DNI",
      identNumber: person.identNumber ?? `${Math.floor(Math.random() * 90_000_000) + 10_000_000}V`,
      dataCapturedAt: new Date(),
      status: "IN_PROGRESS",
    },
  });
  const located = await calls.geolocate(
    {
      process: "VALIDACION",
      processHexId,
      geolocation: { timestamp: Date.now(), latitude: 40.4168, longitude: -3.7038, accuracy: 25 },
    },
    urlSign,
  );
  if (located.status !== 200) throw new Error(`location refused: ${JSON.stringify(located.body)}`);

  const identity: IdentityProcess = {
    ...validationRound(row),
    type: "VALIDACION",
    id: row.id,
    hexId: row.hexId,
    organizationId,
    flowSteps: flow.steps,
  };
  const processFlow = validationFlow(row.id, flow.steps);
  const meta = { ip: "198.51.100.7", userAgent: "vitest" };
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 170, b: 150 } } })
    .jpeg()
    .toBuffer();
  const selfie = await storeCapture(
    { process: identity, flow: processFlow, currentStep: 0, step: flow.steps[0]! },
    { kind: "SELFIE", uploadId: crypto.randomUUID(), accepted: "true", bytes: new Uint8Array(photo) },
    meta,
  );
  const digits = "482915";
  // A real 6 s WebM (VP8, as browsers record), so that staff's page can play it and seek in it.
  const clip = path.join(mkdtempSync(path.join(tmpdir(), "rubrica-review-")), "video.webm");
  execFileSync("ffmpeg", [
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=160x120:rate=10,drawtext=text='${randomHex(4)}':x=4:y=4`,
    "-t",
    "6",
    "-c:v",
    "libvpx",
    "-b:v",
    "200k",
    clip,
  ]);
  const webm = readFileSync(clip);
  rmSync(path.dirname(clip), { recursive: true, force: true });
  const video = await storeCapture(
    {
      process: identity,
      flow: processFlow,
      currentStep: 1,
      step: flow.steps[1]!,
      facts: { challengeId: randomHex(8), digits, issuedAt: new Date().toISOString() },
    },
    { kind: "VIDEO", uploadId: crypto.randomUUID(), bytes: new Uint8Array(webm) },
    meta,
  );
  if ("duplicate" in selfie || "duplicate" in video) throw new Error("capture stored twice");

  // The check jobs' verdicts, as lib/evidence/face-check.ts and liveness-check.ts keep them in checkDetail.
  const selfieRow = await db.evidence.findUniqueOrThrow({ where: { hexId: selfie.evidenceHexId } });
  await db.evidence.update({
    where: { id: selfieRow.id },
    data: {
      check: "VERIFIED",
      checkDetail: { ...(selfieRow.checkDetail as object), faceCheck: { distance: 0.31, threshold: 0.5, result: "VERIFIED" } },
    },
  });
  const videoRow = await db.evidence.findUniqueOrThrow({ where: { hexId: video.evidenceHexId } });
  await db.evidence.update({
    where: { id: videoRow.id },
    data: {
      check: "IN_REVIEW",
      checkDetail: {
        ...(videoRow.checkDetail as object),
        livenessCheck: {
          result: "IN_REVIEW",
          decision: "review",
          reasons: ["FEW_MATCHED_FRAMES"],
          matchedFrames: 2,
          describedFrames: 3,
          frames: [
            { atMs: 1000, faces: 1, score: 0.98, distance: 0.42, yaw: 0.01, mouth: 0.05 },
            { atMs: 1700, faces: 1, score: 0.97, distance: 0.47, yaw: 0.02, mouth: 0.08 },
            { atMs: 3300, faces: 1, score: 0.95, distance: null, yaw: 0.15, mouth: 0.06 },
            { atMs: 4100, faces: 1, score: 0.96, distance: 0.61, yaw: 0.16, mouth: 0.07 },
          ],
          movement: {
            prompts: [{ action: "turn_left", atMs: 3000, frames: 4, turn: 0.15, residual: 0.041, opposite: null, answered: true }],
            mouthVariation: 0.03,
            voiceHeard: true,
            thresholds: { minTurn: 0.12, minParallax: 0.025, minMouth: 0.03, minMovement: 0.015, minVoice: 0.02 },
          },
        },
      },
    },
  });
  await db.validationProcess.update({ where: { id: row.id }, data: { status: "IN_REVIEW" } });
  return { validationHexId, processHexId, urlSign, processId: row.id, selfie: selfie.evidenceHexId, video: video.evidenceHexId, digits };
}

/** An active validation flow of the organisation with these steps, in this order (position 1 first). */
export function createValidationFlow(
  organizationId: number,
  steps: { type: StepType; compareWithPosition?: number; maxAttempts?: number }[],
  options: { obligatoryGeolocation?: boolean } = {},
) {
  return db.flow.create({
    data: {
      organizationId,
      name: `Validación ${randomHex(3)}`,
      kind: "VALIDATION",
      active: true,
      obligatoryGeolocation: options.obligatoryGeolocation ?? false,
      steps: { create: steps.map((step, index) => ({ position: index + 1, ...step })) },
    },
  });
}
