import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { acceptCapture, evidenceOfUpload, stillChecking } from "@/lib/evidence/process-upload";
import type { EvidenceUpload } from "@/lib/evidence/upload-evidence";
import { continuePath } from "./process-data";
import { accessOf, liveSignerAccess, type SignerAccess, signerAccessInclude } from "./signer-access";
import { assertSignerLocated, signerFlow, signerIdentity } from "./signer-identity";
import { signerChallengeHolder } from "./signer-video";
import { waitPagePath } from "./steps";

/**
 * A signer's capture upload (ID front and rear, selfie, video, fingerprint), through the evidence
 * pipeline (lib/evidence/process-upload.ts): their link must be live and the capture their current
 * step's. The answer says where the signer goes next: their next page, or /wait while a face or
 * liveness check decides the step. Retrying an upload after a dropped connection (same uploadId)
 * answers what the first one did and stores nothing twice.
 */
export async function uploadEvidence(processHexId: string, urlSign: string | null, upload: EvidenceUpload, meta: RequestMeta) {
  const receivedAt = new Date();
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  const { signer } = access;
  const already = await alreadyStored(upload.uploadId, signer.id, urlSign);
  if (already) return already;
  const stored = await acceptCapture(
    {
      process: signerIdentity(signer),
      flow: signerFlow(signer),
      status: signer.status,
      currentStep: signer.currentStep,
      challengeHolder: signerChallengeHolder(signer.id),
      assertLocated: () => assertSignerLocated(access),
    },
    upload,
    meta,
    receivedAt,
  );
  if ("duplicate" in stored) {
    const first = await alreadyStored(upload.uploadId, signer.id, urlSign);
    if (first) return first;
    throw stored.error ?? new AppError("VALIDATION_FAILED");
  }
  if (stored.checking)
    return {
      ...answer(stored.evidenceHexId, stored.sha256, access, urlSign, false),
      next: urlSign ? waitPagePath(urlSign, signer.hexId) : null,
    };
  const next = accessOf({ ...signer, currentStep: stored.nextStep });
  return answer(stored.evidenceHexId, stored.sha256, next, urlSign, stored.finished);
}

/**
 * A retried upload (same uploadId) answers what the first one did, from where the process is now. A
 * selfie still waiting for its face check sends the signer to /wait again.
 */
async function alreadyStored(uploadId: string, signerId: number, urlSign: string | null) {
  const already = await evidenceOfUpload(uploadId, { signerId });
  if (!already) return null;
  const now = accessOf(await db.signer.findUniqueOrThrow({ where: { id: signerId }, include: signerAccessInclude }));
  if (await stillChecking(already, now.signer.document.flow?.steps ?? []))
    return {
      ...answer(already.hexId, already.sha256, now, urlSign, false),
      next: urlSign ? waitPagePath(urlSign, now.signer.hexId) : null,
    };
  return answer(already.hexId, already.sha256, now, urlSign, false);
}

function answer(evidenceHexId: string, sha256: string, access: SignerAccess, urlSign: string | null, finished: boolean) {
  return { result: 1, evidenceHexId, sha256, finished, next: urlSign ? continuePath(access, urlSign) : null };
}
