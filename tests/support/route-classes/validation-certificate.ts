import type { RouteClass } from "./types";

// The validation certificate: staff download their organisation's processes' certificates only; the person's call is
// bound to one process by its secret (X-Url-Sign).
export const routeClasses: Record<string, RouteClass> = {
  "validation-processes/[processHexId]/certificate": "organization",
  "validation-process/[processHexId]/certificate": "public",
};
