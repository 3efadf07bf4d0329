import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { EvidenceRound } from "@/lib/evidence/identity-process";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { linkSecretMatches } from "@/lib/security/link-secret";

// The validation process (an identity check without a document) as the evidence pipeline sees it:
// its evidence and locations hang from the ValidationProcess row and go to its own audit trail.
// The flow itself (its pages, steps and completion) is still to be built here, beside lib/signing.

/** A validation process's evidence: its own row and its own audit trail, which needs no name for the person. */
export function validationRound(process: { id: number }): EvidenceRound {
  return { owner: { validationProcessId: process.id }, audit: { validationProcessId: process.id }, actor: {}, person: "subject" };
}

/**
 * The live validation process behind a link (its secret in X-Url-Sign), for a location report. A
 * wrong or missing secret is answered as an unknown process and counts against the caller's address,
 * as a signer's link does; an ended process refuses with its state.
 */
export async function validationForLocation(processHexId: string, urlSign: string | null, ip: string) {
  const process = await db.validationProcess.findUnique({
    where: { hexId: processHexId },
    include: { flow: { select: { obligatoryGeolocation: true } }, validationLink: { select: { requireLocation: true } } },
  });
  if (!process || !linkSecretMatches(urlSign, process.urlSignHash)) {
    await enforceRateLimit(`sign-link:ip:${ip}`, 30, 600);
    throw new AppError("INVALID_LINK");
  }
  if (process.status !== "PENDING" && process.status !== "IN_PROGRESS")
    throw new AppError("LINK_ENDED", { state: process.status, status: process.status });
  return {
    round: validationRound(process),
    obligatory: process.flow.obligatoryGeolocation || (process.validationLink?.requireLocation ?? false),
  };
}
