import type { ProcessStatus } from "@/lib/db/generated/enums";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { wholeList } from "@/lib/http/list-page";

/**
 * Spec §3 "Validation statuses list": the states a validation process goes through (spec §4 link states plus
 * the live ones), in this order; `id` is the position, stable because new states are only appended.
 * A final state ends the process's link for good.
 */
export const validationStatuses: readonly { code: ProcessStatus; final: boolean }[] = [
  { code: "PENDING", final: false },
  { code: "IN_PROGRESS", final: false },
  { code: "IN_REVIEW", final: false },
  { code: "COMPLETED", final: true },
  { code: "REJECTED", final: true },
  { code: "LAPSED", final: true },
  { code: "CANCELLED", final: true },
  { code: "ATTEMPTS_EXHAUSTED", final: false },
];

/** The states in which the person may still go on with the process's pages (out of attempts: to start again). */
export const liveValidationStatuses: readonly ProcessStatus[] = ["PENDING", "IN_PROGRESS", "ATTEMPTS_EXHAUSTED"];

/** GET /api/data/validationProcessStatuses: the catalogue in the caller's language. */
export function listValidationProcessStatuses(locale: Locale) {
  const t = translator(locale, "validations.statuses");
  // Spec §7 reads `_embedded.validationProcessStatuses`; the page is the product's list shape around it.
  return wholeList(
    "validationProcessStatuses",
    validationStatuses.map((status, index) => ({ id: index + 1, code: status.code, name: t(status.code), final: status.final })),
  );
}
