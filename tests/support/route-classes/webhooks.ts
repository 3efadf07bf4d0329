import type { RouteClass } from "./types";

// Webhooks an integrator manages and the organisation's callback secret: always the caller's organisation.
export const routeClasses: Record<string, RouteClass> = {
  "webhook-endpoints": "organization",
  "webhook-endpoints/[webhookHexId]": "organization",
  "webhook-endpoints/[webhookHexId]/rotate-secret": "organization",
  "webhook-endpoints/[webhookHexId]/test": "organization",
  "webhook-endpoints/[webhookHexId]/deliveries": "organization",
  "webhook-endpoints/[webhookHexId]/deliveries/[deliveryHexId]/redeliver": "organization",
  "callback-secret": "organization",
  "callback-secret/reveal": "organization",
  "callback-secret/rotate": "organization",
};
