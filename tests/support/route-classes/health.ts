import type { RouteClass } from "./types";

// Operations' endpoints: no organisation data. /metrics is closed behind METRICS_TOKEN (tests/integration/health.test.ts).
export const routeClasses: Record<string, RouteClass> = {
  health: "public",
  ready: "public",
  metrics: "public",
};
