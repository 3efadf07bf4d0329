import { db } from "@/lib/db/client";
import type { ProcessStatus } from "@/lib/db/generated/enums";
import { isAppError } from "@/lib/errors/app-error";
import type { CapturedKind } from "@/lib/evidence/evidence-steps";
import { pagePath } from "@/lib/process-routes";
import { type LinkState, linkErrorPath } from "@/lib/signing/link-state";
import { getValidationProcess } from "@/lib/validations/process-data";
import { personOf, type ValidatedPerson } from "./person";
import { validationCapturedForCurrentStep } from "./validation-identity";
import { validationSteps } from "./validation-pages";

type LiveData = Extract<Awaited<ReturnType<typeof getValidationProcess>>, { result: 1 }>["data"];

/** What a validation page reads of its process beyond spec §3 data: the person's data and the current step's captures. */
export type ValidationPageData = LiveData & {
  person: ValidatedPerson;
  /** A location (or the refusal to give one) was reported. */
  located: boolean;
  /** The data form was sent (data-confirm may show it). */
  dataCaptured: boolean;
  /** The current step's ID document has a rear side (one of no stated type is taken to have one, as the evidence pipeline does). */
  hasRear: boolean;
  /** What the current step already has (a reload after the front asks for the rear). */
  captured: CapturedKind[];
};

export type ValidationBrand = { organizationName: string; organizationHexId: string; organizationId: number };

export type GuardedValidationPage =
  | { redirect: string }
  | { live: true; brand: ValidationBrand; data: ValidationPageData }
  | { live: false; brand: ValidationBrand; state: LinkState; status: ProcessStatus; rejectedByPerson: boolean };

export type ValidationPageOptions = {
  /** Ended states this page shows itself (full-process COMPLETED, review-process IN_REVIEW, document-rejection REJECTED). */
  showsStates?: LinkState[];
  /** A step page: only the current step's may render; any other leads to it. */
  stepPage?: boolean;
};

/** The page a state that ended a validation process leads to (null: the link-state page says it). */
function endedPage(state: string, rejectedByPerson: boolean): string | null {
  if (state === "COMPLETED") return "full-process";
  if (state === "IN_REVIEW") return "review-process";
  if (state === "REJECTED" && rejectedByPerson) return "document-rejection";
  return null;
}

/**
 * Whether a /validation-process page may render for this link, or where the person goes instead (the twin of
 * lib/signing/process-page-guard.ts): an unknown link or a wrong secret to the unknown-link page; a completed process to
 * full-process, one in review to review-process, one the person rejected to document-rejection (each shows its state),
 * any other ended state (lapsed, cancelled, rejected by staff) to its link-state page; a step page that is not the
 * current step to the one that is, and any step before the location was asked, when the flow asks for it, to home-page.
 */
export async function guardValidationPage(
  page: string,
  urlSign: string,
  processHexId: string,
  ip: string,
  options: ValidationPageOptions = {},
): Promise<GuardedValidationPage> {
  const unknown = { redirect: linkErrorPath("UNKNOWN", "UNKNOWN") };
  let answer;
  try {
    answer = await getValidationProcess(processHexId, urlSign, ip);
  } catch (error) {
    if (isAppError(error) && error.code === "INVALID_LINK") return unknown;
    throw error;
  }
  const record = await db.validationProcess.findUnique({
    where: { hexId: processHexId },
    include: {
      flow: { include: { steps: { orderBy: { position: "asc" }, include: { documentType: { select: { hasRear: true } } } } } },
      organization: { select: { hexId: true, name: true } },
      _count: { select: { locations: true } },
    },
  });
  if (!record) return unknown;
  const brand = {
    organizationName: record.organization.name,
    organizationHexId: record.organization.hexId,
    organizationId: record.organizationId,
  };
  const link = { urlSign, processHexId, kind: "validation" as const };

  if (answer.result !== 1) {
    const state = answer.linkState as LinkState;
    // A rejection by staff after review is not the person's: the link-state page says it, not "your rejection".
    const rejectedByPerson = record.status === "REJECTED" && record.reviewedById === null;
    if (options.showsStates?.includes(state) && (state !== "REJECTED" || rejectedByPerson))
      return { live: false, brand, state, status: record.status, rejectedByPerson };
    const target = endedPage(state, rejectedByPerson);
    return { redirect: target && target !== page ? pagePath(link, target) : linkErrorPath(record.status, state) };
  }

  const step = validationSteps(record.flow.steps)[record.currentStep];
  const data: ValidationPageData = {
    ...answer.data,
    person: personOf(record),
    located: record._count.locations > 0,
    dataCaptured: record.dataCapturedAt !== null,
    hasRear: step?.documentType?.hasRear ?? true,
    captured: await validationCapturedForCurrentStep(processHexId),
  };
  const nextPage = record.status === "ATTEMPTS_EXHAUSTED" ? "finishedAttempts" : data.nextPage;
  if (options.stepPage) {
    // The flow asks for the location and it was not asked yet: the home page asks for it first.
    if (data.geolocateSigners && record._count.locations === 0 && nextPage !== "home-page" && nextPage !== "finishedAttempts")
      return { redirect: pagePath(link, "home-page") };
    // The data step is two pages: the form, then its confirmation once the form was sent (and back to the form to correct it).
    const dataStep = ["data-capture-validation", "data-confirm"];
    const allowed =
      page === nextPage ||
      (dataStep.includes(page) && dataStep.includes(nextPage) && (page === "data-capture-validation" || data.dataCaptured));
    if (!allowed) return { redirect: pagePath(link, nextPage) };
  }
  return { live: true, brand, data: { ...data, nextPage } };
}
