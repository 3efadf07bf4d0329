import type { RouteClass } from "./types";

// Contacts: every handler reads or changes the caller's organisation's contacts only.
export const routeClasses: Record<string, RouteClass> = {
  contacts: "organization",
  "contacts/[contactHexId]": "organization",
  "contacts/[contactHexId]/channels": "organization",
  "contacts/[contactHexId]/channels/[channelHexId]": "organization",
  "contacts/[contactHexId]/channels/[channelHexId]/favorite": "organization",
  "contacts/import": "organization",
  "contacts/export": "organization",
};
