import sharp from "sharp";
import { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db, type Tx } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage";
import { identNumber, phone, requiredText } from "@/lib/validation/fields";
import { afterSignerCompleted, markSignerCompleted } from "./complete-signer";
import { continuePath } from "./process-data";
import { accessOf, liveSignerAccess, type SignerAccess } from "./signer-access";
import { assertSignerLocated } from "./signer-identity";
import { type SignerStepType, signerStepPages, stepOfPage } from "./steps";

export const termsVersion = "1.0";

const dataConfirmInput = z.object({
  identType: requiredText.pipe(z.string().max(20, "VALIDATION_FAILED")),
  identNumber: z.string({ error: "IDENT_NUMBER_REQUIRED" }).trim().min(1, "IDENT_NUMBER_REQUIRED").pipe(identNumber),
  country: requiredText.pipe(z.string().regex(/^[A-Za-z]{2}$/, "VALIDATION_FAILED")).transform((v) => v.toUpperCase()),
  cellPhone: phone.optional(),
});
export const acceptTermsInput = z.object({
  accepted: z.literal(true, { error: "TERMS_NOT_ACCEPTED" }),
  termsVersion: z.literal(termsVersion, { error: "TERMS_NOT_ACCEPTED" }),
});
const seeDocumentInput = z.object({ viewed: z.literal(true, { error: "VALIDATION_FAILED" }) });
// A drawn signature as a PNG data URL; ~1.5 MB is far above any pad's output.
const signatureInput = z.object({
  image: z.string({ error: "SIGNATURE_EMPTY" }).min(1, "SIGNATURE_EMPTY").max(2_000_000, "SIGNATURE_IMAGE_INVALID"),
});

/** Steps completed by a form; the capture steps (photos, video, fingerprint) complete through their uploads. */
export const formSteps = ["DATA_CONFIRM", "ACCEPT_TERMS", "SEE_DOCUMENT", "SIGNATURE"] as const satisfies readonly SignerStepType[];
type FormStep = (typeof formSteps)[number];

function isFormStep(type: SignerStepType): type is FormStep {
  return (formSteps as readonly string[]).includes(type);
}

const pngDataUrl = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The drawing must be a real PNG with ink on it: an untouched pad is refused ("never empty"). */
export async function readSignatureDrawing(dataUrl: string): Promise<Buffer> {
  const match = pngDataUrl.exec(dataUrl);
  if (!match) throw new AppError("SIGNATURE_IMAGE_INVALID");
  const bytes = Buffer.from(match[1] ?? "", "base64");
  let raw: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    const image = sharp(bytes, { limitInputPixels: 4_000_000 });
    const meta = await image.metadata();
    if (meta.format !== "png" || !meta.width || !meta.height || meta.width > 2000 || meta.height > 2000) throw new Error("shape");
    raw = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError("SIGNATURE_IMAGE_INVALID");
  }
  const { data, info } = raw;
  let inked = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const alpha = data[i + 3] ?? 0;
    const light = ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255)) / 3;
    if (alpha > 64 && light < 200) inked += 1;
  }
  // A dot or a stray tap is not a signature: ask for a few strokes' worth of ink.
  if (inked < Math.max(60, Math.round(info.width * info.height * 0.001))) throw new AppError("SIGNATURE_EMPTY");
  return bytes;
}

async function applyFormStep(tx: Tx, access: SignerAccess, type: FormStep, raw: unknown, prepared: Buffer | null) {
  const { signer } = access;
  const subject = { documentId: signer.documentId };
  switch (type) {
    case "DATA_CONFIRM": {
      const input = dataConfirmInput.parse(raw);
      await tx.signer.update({
        where: { id: signer.id },
        data: {
          identType: input.identType,
          identNumber: input.identNumber,
          country: input.country,
          ...(input.cellPhone ? { cellPhone: input.cellPhone } : {}),
        },
      });
      await appendAuditEvent(tx, subject, "signer.data-confirmed", {
        signer: signer.hexId,
        identType: input.identType,
        country: input.country,
      });
      return;
    }
    case "ACCEPT_TERMS": {
      const input = acceptTermsInput.parse(raw);
      const now = new Date();
      await tx.signer.update({
        where: { id: signer.id },
        data: { termsAccepted: true, termsAcceptedAt: now, termsVersion: input.termsVersion },
      });
      await appendAuditEvent(tx, subject, "signer.terms-accepted", { signer: signer.hexId, termsVersion: input.termsVersion });
      return;
    }
    case "SEE_DOCUMENT": {
      seeDocumentInput.parse(raw);
      await appendAuditEvent(tx, subject, "signer.document-viewed", {
        signer: signer.hexId,
        files: signer.document.files.map((f) => f.sha256),
      });
      return;
    }
    case "SIGNATURE": {
      if (!prepared) throw new AppError("SIGNATURE_EMPTY");
      const stored = await storage().put(prepared);
      const evidence = await tx.evidence.create({
        data: {
          kind: "SIGNATURE_DRAWING",
          signerId: signer.id,
          storageKey: stored.key,
          mimeType: "image/png",
          size: stored.size,
          sha256: stored.sha256,
        },
      });
      await appendAuditEvent(tx, subject, "evidence.stored", {
        signer: signer.hexId,
        evidence: evidence.hexId,
        kind: "SIGNATURE_DRAWING",
        sha256: stored.sha256,
      });
      return;
    }
  }
}

/**
 * Completes the signer's current step with what its page sent, and says where to go next. Steps are
 * taken in the flow's order: a step that is not the current one is refused, so a replayed or
 * out-of-order request never skips anything. Finishing the last step completes the signer.
 */
export async function completeStep(processHexId: string, urlSign: string | null, page: string, raw: unknown, meta: RequestMeta) {
  const type = stepOfPage(page);
  if (!type || !isFormStep(type)) throw new AppError("STEP_NOT_AVAILABLE");
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  await assertSignerLocated(access);
  // Validate and decode before the transaction, so bad input never holds the document's lock.
  if (type !== "SIGNATURE") formInputs[type].parse(raw);
  const prepared = type === "SIGNATURE" ? await readSignatureDrawing(signatureInput.parse(raw).image) : null;

  const outcome = await db.$transaction(async (tx) => {
    await lockDocumentById(tx, access.signer.documentId);
    const fresh = await tx.signer.findUniqueOrThrow({ where: { id: access.signer.id }, select: { status: true, currentStep: true } });
    if (fresh.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
    if (fresh.status !== "IN_PROGRESS" && fresh.status !== "PENDING")
      throw new AppError("LINK_ENDED", { state: fresh.status, status: fresh.status });
    const expected = access.steps[fresh.currentStep];
    if (!expected || expected.type !== type) {
      throw new AppError("STEP_OUT_OF_ORDER", { page: expected ? signerStepPages[expected.type] : "full-process" });
    }
    await applyFormStep(tx, { ...access, signer: { ...access.signer, currentStep: fresh.currentStep } }, type, raw, prepared);
    const nextStep = fresh.currentStep + 1;
    await tx.signer.update({
      where: { id: access.signer.id },
      data: { currentStep: nextStep, status: "IN_PROGRESS", attempts: 0, startedAt: access.signer.startedAt ?? new Date() },
    });
    // A signer acting on the shipment puts it in progress, however they reached the step.
    await tx.document.updateMany({ where: { id: access.signer.documentId, status: "SENT" }, data: { status: "IN_PROGRESS" } });
    const finished = nextStep >= access.steps.length;
    if (finished) await markSignerCompleted(tx, access.signer);
    return { nextStep, finished };
  });
  if (outcome.finished) await afterSignerCompleted(access.signer.id, access.signer.documentId);
  const next = accessOf({ ...access.signer, currentStep: outcome.nextStep });
  return { result: 1, finished: outcome.finished, next: urlSign ? continuePath(next, urlSign) : null };
}

const formInputs = { DATA_CONFIRM: dataConfirmInput, ACCEPT_TERMS: acceptTermsInput, SEE_DOCUMENT: seeDocumentInput } as const;
