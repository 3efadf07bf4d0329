import type { RouteClass } from "./types";

// Public verification of a sealed shipment (/validateDocs/{signatureHexId}): anyone with the id, the
// audit certificate's QR code, may compare a PDF with the sealed file; nothing is written or disclosed.
export const routeClasses: Record<string, RouteClass> = {
  "validateDocs/[signatureHexId]/check": "public",
};
