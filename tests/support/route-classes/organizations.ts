import type { RouteClass } from "./types";

// Organisations and their administrators (/organization, /managers): platform administrators only;
// every other caller is refused with 403 (tests/integration/isolation.test.ts, organizations.test.ts).
export const routeClasses: Record<string, RouteClass> = {
  organizations: "platform",
  "organizations/[orgHexId]": "platform",
  "organizations/[orgHexId]/disable": "platform",
  "organizations/[orgHexId]/enable": "platform",
  "organizations/[orgHexId]/managers": "platform",
};
