import type { RouteClass } from "./types";

// The organisation profile (/info-organization): every handler reads or changes the caller's own organisation.
export const routeClasses: Record<string, RouteClass> = {
  "organization/profile": "organization",
  "organization/logo": "organization",
  "organization/seal-certificate": "organization",
};
