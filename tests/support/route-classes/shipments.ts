import type { RouteClass } from "./types";

// Shipment drafts: every handler reads or changes the caller's organisation's documents only.
export const routeClasses: Record<string, RouteClass> = {
  documents: "organization",
  "documents/[documentHexId]": "organization",
  "documents/[documentHexId]/files": "organization",
  "documents/[documentHexId]/files/[fileHexId]": "organization",
  "documents/[documentHexId]/signers": "organization",
  "documents/[documentHexId]/notifications": "organization",
};
