import { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { lockProcess } from "@/lib/evidence/identity-process";
import { acceptTermsInput } from "@/lib/signing/complete-step";
import { email, identNumber, personName, phone, requiredText } from "@/lib/validation/fields";
import { isValidIdentNumber } from "@/lib/validation/ident";
import { afterValidationCompleted } from "./after-completed";
import { liveValidationAccess, validationRound } from "./validation-access";
import { advanceValidationStep, assertValidationLocated } from "./validation-identity";
import { validationPage } from "./validation-pages";

// The validation steps completed by a form (the captures complete through their uploads: ./validation-upload.ts):
// the terms on home-page, and the person's data, captured on data-capture-validation and confirmed on data-confirm.

const blankToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

/** data-capture-validation: who the person says they are (spec §2), checked against the product's countries and identification types. */
export const validationDataInput = z.object({
  firstName: personName,
  lastName: personName,
  email: z.preprocess(blankToUndefined, email.optional()),
  cellPhone: z.preprocess(blankToUndefined, phone.optional()),
  country: requiredText.pipe(z.string().regex(/^[A-Za-z]{2}$/, "COUNTRY_UNKNOWN")).transform((v) => v.toUpperCase()),
  identType: requiredText.pipe(z.string().regex(/^[A-Za-z_]{2,20}$/, "IDENT_TYPE_UNKNOWN")).transform((v) => v.toUpperCase()),
  identNumber: z.string({ error: "IDENT_NUMBER_REQUIRED" }).trim().min(1, "IDENT_NUMBER_REQUIRED").pipe(identNumber),
});
export type ValidationDataInput = z.output<typeof validationDataInput>;

const confirmInput = z.object({ confirmed: z.literal(true, { error: "VALIDATION_FAILED" }) });

/**
 * The country must be one the product knows, the identification type one of that country's (the Country and
 * IdentType reference data the signer's data-confirm offers), and the number must fit the type.
 */
async function checkIdentification(input: ValidationDataInput): Promise<void> {
  const country = await db.country.findUnique({
    where: { code: input.country },
    select: { identTypes: { where: { code: input.identType }, select: { pattern: true } } },
  });
  if (!country) throw new AppError("COUNTRY_UNKNOWN", { field: "country" });
  const type = country.identTypes[0];
  if (!type) throw new AppError("IDENT_TYPE_UNKNOWN", { field: "identType" });
  let fits = isValidIdentNumber(input.identType, input.identNumber);
  try {
    fits &&= new RegExp(type.pattern).test(input.identNumber);
  } catch {
    // A reference pattern that does not compile leaves the generic rule.
  }
  if (!fits) throw new AppError("INVALID_IDENT_NUMBER", { field: "identNumber" });
}

const pageSteps: Record<string, StepType> = {
  "home-page": "ACCEPT_TERMS",
  "data-capture-validation": "DATA_CONFIRM",
  "data-confirm": "DATA_CONFIRM",
};

/**
 * POST /api/validation-process/{processHexId}/step/{page}: the person's current step, done with what its page sent;
 * the answer names the page they go to next. Steps are taken in the flow's order: a step that is not the current one
 * is refused naming the current page (STEP_OUT_OF_ORDER), so a replayed request never skips anything. The data
 * captured is saved on the process and becomes the step's once confirmed; the last step completes the process.
 */
export async function completeValidationStep(processHexId: string, urlSign: string | null, page: string, raw: unknown, meta: RequestMeta) {
  const type = Object.hasOwn(pageSteps, page) ? pageSteps[page] : undefined;
  if (!type) throw new AppError("STEP_NOT_AVAILABLE");
  const access = await liveValidationAccess(processHexId, urlSign, meta.ip);
  if (!access.steps.some((s) => s.type === type)) throw new AppError("STEP_NOT_AVAILABLE");
  await assertValidationLocated(access);
  // Validate before the transaction, so that bad input never holds the process's row.
  const data = page === "data-capture-validation" ? validationDataInput.parse(raw) : null;
  if (data) await checkIdentification(data);
  const terms = page === "home-page" ? acceptTermsInput.parse(raw) : null;
  if (page === "data-confirm") confirmInput.parse(raw);

  const { process, steps } = access;
  const subject = { validationProcessId: process.id };
  const outcome = await db.$transaction(async (tx) => {
    await lockProcess(tx, validationRound(process));
    const fresh = await tx.validationProcess.findUniqueOrThrow({
      where: { id: process.id },
      select: { status: true, currentStep: true, dataCapturedAt: true },
    });
    if (fresh.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
    if (fresh.status !== "IN_PROGRESS" && fresh.status !== "PENDING")
      throw new AppError("LINK_ENDED", { state: fresh.status, status: fresh.status });
    const expected = steps[fresh.currentStep];
    if (!expected || expected.type !== type || (page === "data-confirm" && !fresh.dataCapturedAt))
      throw new AppError("STEP_OUT_OF_ORDER", { page: validationPage(fresh, steps) });
    if (data) {
      const dataCapturedAt = new Date();
      await tx.validationProcess.update({
        where: { id: process.id },
        data: {
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email ?? null,
          cellPhone: data.cellPhone ?? null,
          country: data.country,
          identType: data.identType,
          identNumber: data.identNumber,
          dataCapturedAt,
          status: "IN_PROGRESS",
        },
      });
      await appendAuditEvent(tx, subject, "validation.data-captured", {
        country: data.country,
        identType: data.identType,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      return { status: "IN_PROGRESS" as const, currentStep: fresh.currentStep, dataCapturedAt, finished: false };
    }
    if (terms) await appendAuditEvent(tx, subject, "validation.terms-accepted", { termsVersion: terms.termsVersion, ip: meta.ip });
    else await appendAuditEvent(tx, subject, "validation.data-confirmed", { ip: meta.ip });
    const { nextStep, finished } = await advanceValidationStep(tx, process.id, fresh.currentStep, steps.length);
    return {
      status: finished ? ("COMPLETED" as const) : ("IN_PROGRESS" as const),
      currentStep: nextStep,
      dataCapturedAt: fresh.dataCapturedAt,
      finished,
    };
  });
  if (outcome.finished) await afterValidationCompleted(process.id);
  return { result: 1, finished: outcome.finished, next: validationPage(outcome, steps) };
}
