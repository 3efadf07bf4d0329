import type { RouteClass } from "./types";

// The capture settings (/setting): both handlers read or change the caller's own organisation's configuration rows.
export const routeClasses: Record<string, RouteClass> = {
  "organization/settings": "organization",
};
