import { processPagePath } from "./steps";
import type { DocumentStatus, ProcessStatus } from "@/lib/db/generated/enums";

/**
 * The link states of spec §4, each ending the link with its own message (linkStates.* in the
 * catalogs), and MAX_USES: the link was opened more often than max_link_uses allows (spec §8
 * 'Número máximo de usos alcanzado', the /maxNumberUses page).
 */
export type LinkState =
  "REJECTED" | "LAPSED" | "COMPLETED" | "IN_REVIEW" | "CANCELLED" | "SHIPMENT_COMPLETED" | "INCORRECT_STATUS" | "UNKNOWN" | "MAX_USES";

/** Where a used-up link leads (spec §2 /maxNumberUses). */
export const maxUsesPath = "/maxNumberUses";

/**
 * A link is used up once an opening beyond max_link_uses was refused (lib/signing/open-link.ts then
 * counts that opening too, so uses passes the limit). The last allowed opening still lets the signer
 * finish in that visit: uses equal to the limit is not used up.
 */
export function linkUsedUp(uses: number, maxUses: number): boolean {
  return uses > maxUses;
}

/**
 * Why a signer's link can no longer be used, or null while it can. The signer's own state wins
 * over the shipment's (a signer who signed sees "completed", not "shipment completed"), and both
 * over a used-up link (a signer who signed is told so, not that the link was opened too often).
 */
export function signerLinkState(status: ProcessStatus, documentStatus: DocumentStatus, usedUp = false): LinkState | null {
  switch (status) {
    case "REJECTED":
      return "REJECTED";
    case "LAPSED":
      return "LAPSED";
    case "COMPLETED":
      return "COMPLETED";
    case "IN_REVIEW":
      return "IN_REVIEW";
    case "CANCELLED":
      if (documentStatus === "COMPLETED") return "SHIPMENT_COMPLETED";
      return documentStatus === "REJECTED" ? "REJECTED" : "CANCELLED";
    case "PENDING":
    case "IN_PROGRESS":
    case "ATTEMPTS_EXHAUSTED":
      break;
  }
  switch (documentStatus) {
    case "SENT":
    case "IN_PROGRESS":
      return usedUp ? "MAX_USES" : null;
    case "COMPLETED":
      return "SHIPMENT_COMPLETED";
    case "CANCELLED":
    case "EXPIRED":
      return "CANCELLED";
    case "REJECTED":
      return "REJECTED";
    case "IN_REVIEW":
      return "IN_REVIEW";
    case "DRAFT":
    case "SCHEDULED":
      return "INCORRECT_STATUS";
  }
}

/** /error/{statusprocess}/{docstatus}: where a signer lands when their link has ended. */
export function linkErrorPath(status: ProcessStatus | "UNKNOWN", state: LinkState): string {
  return `/error/${status}/${state}`;
}

/**
 * Where an ended link leads: a used-up link to /maxNumberUses, a signer whose evidence awaits a
 * person's review to review-process (spec §2), every other ended link to its state's page.
 */
export function endedLinkPath(status: ProcessStatus, state: LinkState, urlSign: string, processHexId: string): string {
  if (state === "MAX_USES") return maxUsesPath;
  if (state === "IN_REVIEW" && status === "IN_REVIEW") return processPagePath("review-process", urlSign, processHexId);
  return linkErrorPath(status, state);
}

/** The states of spec §4 that end a link (LinkState but MAX_USES, the organisation's limit). */
export const linkStates = [
  "REJECTED",
  "LAPSED",
  "COMPLETED",
  "IN_REVIEW",
  "CANCELLED",
  "SHIPMENT_COMPLETED",
  "INCORRECT_STATUS",
  "UNKNOWN",
] as const satisfies readonly LinkState[];

/**
 * The title of /error/{statusprocess}/{docstatus}: each ended state has its own (a rejected or cancelled
 * shipment is not "something went wrong"); anything else is the generic error page's.
 */
export function endedLinkTitleKey(docstatus: string | undefined): string {
  return docstatus && (linkStates as readonly string[]).includes(docstatus) ? `linkStateTitles.${docstatus}` : "pages.error.title";
}
