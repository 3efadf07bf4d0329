import type { RouteClass } from "./types";

// Document types (/fileType) and step flows (/flows, /steps-flow): always the caller's organisation.
export const routeClasses: Record<string, RouteClass> = {
  fileType: "organization",
  "fileType/getAllFileType": "organization",
  "fileType/[hexId]": "organization",
  flows: "organization",
  "flows/[hexId]": "organization",
  "flows/[hexId]/activate": "organization",
  "flows/[hexId]/deactivate": "organization",
  "flows/[hexId]/clone": "organization",
  "flows/[hexId]/default": "organization",
};
