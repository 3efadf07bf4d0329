import type { DocumentStatus, ProcessStatus } from "@/lib/db/generated/enums";

/** A shipment whose links are live: invitations, reminders and resends go out only then. */
export const activeDocumentStatuses: DocumentStatus[] = ["SENT", "IN_PROGRESS"];
/** A signer's link that can still be used. */
export const openSignerStatuses: ProcessStatus[] = ["PENDING", "IN_PROGRESS"];

export function isActiveDocument(status: DocumentStatus): boolean {
  return activeDocumentStatuses.includes(status);
}

export function isOpenSigner(status: ProcessStatus): boolean {
  return openSignerStatuses.includes(status);
}
