import type { RouteClass } from "./types";

// The notification settings (/notifications): every handler reads or changes the caller's own organisation's rules and templates.
export const routeClasses: Record<string, RouteClass> = {
  "notifications/settings": "organization",
  "notifications/settings/[event]": "organization",
  "notifications/settings/[event]/templates/[channel]/[language]": "organization",
  "notifications/preview": "organization",
};
