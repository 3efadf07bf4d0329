import type { RouteClass } from "./types";

// The shipment detail: its dispatch list and signed download read the caller's organisation's
// documents only; an organisation's logo is public, because invitation mails and signer pages show it.
export const routeClasses: Record<string, RouteClass> = {
  "documents/[documentHexId]/dispatches": "organization",
  "documents/[documentHexId]/download": "organization",
  "organizations/[orgHexId]/logo": "public",
  // Staff review of a signer's video in review (liveness): the organisation's own signers only.
  "documents/[documentHexId]/signers/[signerHexId]/review": "organization",
  "documents/[documentHexId]/signers/[signerHexId]/review/video": "organization",
  // A staff member's own signer link (/docdetail/{id}/mySign): their organisation's documents only.
  "documents/[documentHexId]/my-signature": "organization",
};
