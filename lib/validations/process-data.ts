import { captureConfigKeys, getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { fromDbLanguage } from "@/lib/i18n/config";
import { linkSecretMatches } from "@/lib/security/link-secret";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { logoFileName } from "@/lib/signing/process-data";
import { lastCheckOf } from "@/lib/evidence/face-comparison";
import { validationRound } from "@/lib/validation-process/validation-round";
import { validationPage, validationSteps } from "@/lib/validation-process/validation-pages";
import { liveValidationStatuses } from "./statuses";
import { validationStepPages } from "./steps";

const processInclude = {
  organization: { select: { id: true, hexId: true, name: true } },
  flow: {
    include: { steps: { orderBy: { position: "asc" as const }, include: { documentType: { select: { name: true, hasRear: true } } } } },
  },
  validationLink: { select: { hexId: true, geolocate: true, requireLocation: true } },
} as const;

/**
 * The validation process behind {urlSign}/{processHexId}, when the secret matches. A wrong or missing secret is
 * answered exactly like an unknown process (INVALID_LINK), and both count against the caller's address, so that
 * neither the secret nor the existence of a process can be probed.
 */
export async function validationProcessByLink(processHexId: string, urlSign: string | null | undefined, ip: string) {
  const process = /^[0-9a-f]{32}$/.test(processHexId)
    ? await db.validationProcess.findUnique({ where: { hexId: processHexId }, include: processInclude })
    : null;
  if (!process || !linkSecretMatches(urlSign, process.urlSignHash)) {
    await enforceRateLimit(rateLimits.validationLinkFailures, ip);
    throw new AppError("INVALID_LINK");
  }
  return process;
}

export type ValidationProcessRecord = Awaited<ReturnType<typeof validationProcessByLink>>;

/** Null while the process's pages may be used; otherwise the state that ended it (a lapsed live process is LAPSED). */
export function validationProcessState(process: ValidationProcessRecord, now = new Date()) {
  if (!liveValidationStatuses.includes(process.status)) return process.status;
  if (process.expirationDate && process.expirationDate <= now) return "LAPSED" as const;
  return null;
}

/**
 * GET /api/validation/getValidationProcess/{processHexId} (secret in X-Url-Sign): spec §3 validation process data
 * for a live process (result 1); an ended one gets result 2 with only the organisation's name and logo and the
 * state that ended it, as the signer's getSignatureProcess does.
 */
export async function getValidationProcess(processHexId: string, urlSign: string | null, ip: string) {
  const process = await validationProcessByLink(processHexId, urlSign, ip);
  const brand = { nameOrganization: process.organization.name, logoOrganization: logoFileName(process.organization.hexId) };
  const state = validationProcessState(process);
  if (state) return { result: 2 as const, invalid: true, linkState: state, data: brand };
  const steps = validationSteps(process.flow.steps);
  const link = process.validationLink;
  const stepOrder = steps.map((step) => validationStepPages[step.type] as string);
  return {
    result: 1 as const,
    invalid: false,
    data: {
      processHexId: process.hexId,
      ...brand,
      stepOrder,
      expirationDate: process.expirationDate?.toISOString() ?? null,
      geolocateSigners:
        process.flow.geolocateSigners || process.flow.obligatoryGeolocation || Boolean(link?.geolocate || link?.requireLocation),
      obligatoryGeolocation: process.flow.obligatoryGeolocation || Boolean(link?.requireLocation),
      preferredLanguage: fromDbLanguage(process.preferredLanguage),
      status: process.status,
      currentStep: process.currentStep,
      nextPage: validationPage(process, steps),
      captureConfig: await getConfigValues(process.organization.id, captureConfigKeys),
      // The current step's latest checked capture (a selfie compared with the ID photo): PENDING while its check runs,
      // then VERIFIED or FAILED with the reason; null on steps without a check (as the signer's getSignatureProcess).
      lastCheck: await lastCheckOf(db, validationRound(process), steps[process.currentStep], process.flow.steps),
    },
  };
}
