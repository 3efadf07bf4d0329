import type { RouteClass } from "./types";

// The operations list (/trading-history): search and export the caller's organisation's operation log only.
export const routeClasses: Record<string, RouteClass> = {
  "data/operationLogs/search": "organization",
  "data/operationLogs/export": "organization",
};
