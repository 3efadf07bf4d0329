import type { RouteClass } from "./types";

// Roles and groups: every handler reads or changes the caller's organisation's roles and groups only
// (tests/integration/roles.test.ts and groups.test.ts hold the cross-organisation cases).
export const routeClasses: Record<string, RouteClass> = {
  roles: "organization",
  "roles/[roleHexId]": "organization",
  "roles/[roleHexId]/privileges": "organization",
  groups: "organization",
  "groups/[groupHexId]": "organization",
  "groups/[groupHexId]/members": "organization",
  "groups/[groupHexId]/members/[userHexId]": "organization",
};
