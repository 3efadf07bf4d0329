import type { RouteClass } from "./types";

// Reports (/report/{item}/{id}/{type}) and the dashboard's charts: the caller's organisation's shipments and signers only.
export const routeClasses: Record<string, RouteClass> = {
  "reports/shipments": "organization",
  "reports/signatures": "organization",
  "reports/[report]/export": "organization",
  "reports/charts": "organization",
};
