import { appendAuditEvent } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import type { ProcessStatus } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import type { LocatedProcess } from "@/lib/evidence/add-geolocation";
import { validationRound } from "./validation-round";
import { type ValidationProcessRecord, validationProcessByLink, validationProcessState } from "@/lib/validations/process-data";
import { liveValidationStatuses } from "@/lib/validations/statuses";
import { validationSteps } from "./validation-pages";

// The validation process (an identity check without a document) behind its link: the person's phone reaches it with
// {processHexId} and the secret urlSign in X-Url-Sign, as a signer reaches theirs. Its evidence and locations hang
// from the ValidationProcess row and go to its own audit trail.

export { validationRound };

export type ValidationAccess = {
  process: ValidationProcessRecord;
  /** Null while the person may go on (out of attempts included: they may start again); otherwise the state that ended it. */
  state: ProcessStatus | null;
  steps: ValidationProcessRecord["flow"]["steps"];
  /** The flow or the link makes the location obligatory (spec §5). */
  obligatoryGeolocation: boolean;
};

/**
 * A live process whose expirationDate passed is LAPSED: the first call that finds it so records it (once, under the
 * status guard), so that every later answer, and staff, see it lapsed.
 */
async function recordLapse(process: ValidationProcessRecord): Promise<ProcessStatus> {
  await db.$transaction(async (tx) => {
    const lapsed = await tx.validationProcess.updateMany({
      where: { id: process.id, status: { in: [...liveValidationStatuses] }, expirationDate: { lte: new Date() } },
      data: { status: "LAPSED" },
    });
    if (lapsed.count > 0)
      await appendAuditEvent(tx, { validationProcessId: process.id }, "validation.lapsed", {
        expirationDate: process.expirationDate?.toISOString() ?? null,
      });
  });
  return "LAPSED";
}

/**
 * The validation process behind a link, when its secret matches (a wrong or missing secret is answered as an unknown
 * process, INVALID_LINK, rate-limited per client address: lib/validations/process-data.ts), with the state that
 * ended it, if any.
 */
export async function validationAccess(processHexId: string, urlSign: string | null | undefined, ip: string): Promise<ValidationAccess> {
  const found = await validationProcessByLink(processHexId, urlSign, ip);
  const state: ProcessStatus | null = validationProcessState(found);
  const process = state === "LAPSED" && found.status !== "LAPSED" ? { ...found, status: await recordLapse(found) } : found;
  return {
    process,
    state,
    steps: validationSteps(process.flow.steps),
    obligatoryGeolocation: process.flow.obligatoryGeolocation || (process.validationLink?.requireLocation ?? false),
  };
}

/** The same, for calls that change the process: an ended one refuses them with its state (LINK_ENDED). */
export async function liveValidationAccess(
  processHexId: string,
  urlSign: string | null | undefined,
  ip: string,
): Promise<ValidationAccess> {
  const access = await validationAccess(processHexId, urlSign, ip);
  if (access.state) throw new AppError("LINK_ENDED", { state: access.state, status: access.process.status });
  return access;
}

/**
 * The live validation process behind a link, for a location report (POST /api/signprocess/addSigneeGeolocation with
 * process VALIDACION); an ended one refuses with its state.
 */
export async function validationForLocation(processHexId: string, urlSign: string | null, ip: string): Promise<LocatedProcess> {
  const access = await liveValidationAccess(processHexId, urlSign, ip);
  return { round: validationRound(access.process), obligatory: access.obligatoryGeolocation };
}
