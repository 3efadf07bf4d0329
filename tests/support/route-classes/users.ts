import type { RouteClass } from "./types";

// User administration (/users): every handler reads or changes the caller's organisation's users only.
export const routeClasses: Record<string, RouteClass> = {
  users: "organization",
  "users/[userHexId]": "organization",
  "users/[userHexId]/disable": "organization",
  "users/[userHexId]/enable": "organization",
  "users/[userHexId]/reset-mfa": "organization",
  "users/[userHexId]/force-password-change": "organization",
  "users/[userHexId]/resend-invitation": "organization",
};
