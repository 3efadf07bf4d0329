import { z } from "zod";
import { defineJob } from "@/lib/queue/define-job";
import type { QueuedJob } from "@/lib/queue/enqueue";
import { retryPolicies } from "@/lib/queue/retry-policies";
import { evidenceQueue, faceCheckJobName, livenessCheckJobName } from "./face-comparison";
import type { EvidenceProcesses } from "./identity-process";

// The identity checks' jobs (queue "evidence"): the face check of a selfie, the liveness check of a video. Their ids are
// the evidence's, so enqueueing one twice runs it once. Handlers are loaded when a job runs: the web process enqueues
// these without loading the face engine.

/** Both checks' payload: the evidence to check (its row id; the job id is made from it). */
export const evidenceCheckPayload = z.object({ evidenceId: z.number().int().positive() }).strict();

const retention = { removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } };

/** The identity processes whose captures the checks settle (lib/evidence/identity-process.ts). */
async function evidenceProcesses(): Promise<EvidenceProcesses> {
  const [{ signerEvidenceProcess }, { validationEvidenceProcess }] = await Promise.all([
    import("@/lib/signing/signer-identity"),
    import("@/lib/validation-process/validation-identity"),
  ]);
  return { signer: signerEvidenceProcess, validation: validationEvidenceProcess };
}

// The handlers' modules, loaded by the worker at start (define-job.ts `load`).
const faceCheckModule = () => import("./face-check");
const livenessCheckModule = () => import("./liveness-check");

export const checkJobs = {
  faceCheck: defineJob({
    name: faceCheckJobName,
    queue: evidenceQueue,
    payload: evidenceCheckPayload,
    retry: retryPolicies.identityCheck,
    jobId: ({ evidenceId }) => `face-check-${evidenceId}`,
    retention,
    load: () => Promise.all([faceCheckModule(), evidenceProcesses()]),
    handler: async (payload, attempt) => (await faceCheckModule()).runFaceCheck(payload, attempt, await evidenceProcesses()),
  }),
  livenessCheck: defineJob({
    name: livenessCheckJobName,
    queue: evidenceQueue,
    payload: evidenceCheckPayload,
    retry: retryPolicies.identityCheck,
    jobId: ({ evidenceId }) => `liveness-check-${evidenceId}`,
    retention,
    load: () => Promise.all([livenessCheckModule(), evidenceProcesses()]),
    handler: async (payload, attempt) => (await livenessCheckModule()).runLivenessCheck(payload, attempt, await evidenceProcesses()),
  }),
};

/** The face check of one selfie. */
export function faceCheckJob(evidenceId: number): QueuedJob {
  return checkJobs.faceCheck.queued({ evidenceId });
}

/** The liveness check of one video. */
export function livenessCheckJob(evidenceId: number): QueuedJob {
  return checkJobs.livenessCheck.queued({ evidenceId });
}

/** The check job of a comparing step's capture: the face check for a selfie, the liveness check for a video. */
export const checkJobFor = (kind: string, evidenceId: number): QueuedJob =>
  kind === "VIDEO" ? livenessCheckJob(evidenceId) : faceCheckJob(evidenceId);
