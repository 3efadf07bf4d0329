import type { RouteClass } from "./types";

// API access for integrators: key management and the OpenAPI document.
export const routeClasses: Record<string, RouteClass> = {
  "api-keys": "organization",
  "api-keys/[apiUserHexId]": "organization",
  "api-keys/[apiUserHexId]/rotate": "organization",
  "openapi.json": "public",
};
