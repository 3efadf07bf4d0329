import type { RouteClass } from "./types";

// Public verification of a sealed shipment (/validateDocs/{signatureHexId}): anyone with the id, the
// audit certificate's QR code, may compare a PDF with the sealed file; nothing is written or disclosed.
export const routeClasses: Record<string, RouteClass> = {
  "validateDocs/[signatureHexId]/check": "public",
  // The evidence package (sealed PDFs, hashes, Merkle proofs, procedure): what the page shows, no evidence files.
  "validateDocs/[signatureHexId]/package": "public",
};
