import type { RouteClass } from "./types";

// Every path under /api that no other route serves: the catalogue's 404, touching no data.
export const routeClasses: Record<string, RouteClass> = {
  "[...unknown]": "public",
};
