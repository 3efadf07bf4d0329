import type { RouteClass } from "./types";

// Completion callbacks and the transaction log: a caller records events of its own organisation's
// shipments and validations only.
export const routeClasses: Record<string, RouteClass> = {
  "log/saveTransactionLog": "organization",
};
