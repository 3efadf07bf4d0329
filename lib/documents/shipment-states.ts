import type { DocumentStatus, ProcessStatus } from "@/lib/db/generated/enums";

/** A shipment whose links are live: invitations, reminders and resends go out only then. */
export const activeDocumentStatuses: DocumentStatus[] = ["SENT", "IN_PROGRESS"];
/** A signer's link that can still be used. */
export const openSignerStatuses: ProcessStatus[] = ["PENDING", "IN_PROGRESS"];
/**
 * A signer not finished either way: an open link, or steps done and awaiting staff review (IN_REVIEW).
 * Cancelling or expiring the shipment closes all of them; a review left pending would otherwise hang.
 */
export const unfinishedSignerStatuses: ProcessStatus[] = [...openSignerStatuses, "IN_REVIEW"];

export function isActiveDocument(status: DocumentStatus): boolean {
  return activeDocumentStatuses.includes(status);
}

export function isOpenSigner(status: ProcessStatus): boolean {
  return openSignerStatuses.includes(status);
}
