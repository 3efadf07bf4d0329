import type { RouteClass } from "./types";

// Sending shipments: send, cancel, resend, retry and status, always on the caller's organisation's documents.
export const routeClasses: Record<string, RouteClass> = {
  "documents/[documentHexId]/send": "organization",
  "documents/[documentHexId]/cancel": "organization",
  "documents/[documentHexId]/signers/[signerHexId]/resend": "organization",
  "documents/[documentHexId]/deliveries/[deliveryId]/retry": "organization",
  "documents/[documentHexId]/status": "organization",
};
