import type { RouteClass } from "./types";

// Batch import of shipments: reads the caller's organisation's flows and document types and creates
// shipments in it only.
export const routeClasses: Record<string, RouteClass> = {
  "documents/batch": "organization",
  "documents/batch/preview": "organization",
  "documents/batch/template": "organization",
};
