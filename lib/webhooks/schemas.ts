import { z } from "zod";
import { listSchema } from "@/lib/http/list-page";
import { callbackUrl } from "@/lib/callbacks/callback-url";
import { webhookEvents } from "./events";

// Webhook endpoint rules shared by the endpoint form (browser) and the use cases (server); messages are catalogue codes.

const url = callbackUrl.describe(
  "An https URL that receives a signed POST for each subscribed event; the callback URL rules apply (no special-purpose address; loopback or private ones only where the installation allows private networks)",
);
const events = z
  .array(z.enum(webhookEvents, { error: "WEBHOOK_EVENTS_INVALID" }), { error: "WEBHOOK_EVENTS_INVALID" })
  .min(1, "WEBHOOK_EVENTS_INVALID")
  .max(webhookEvents.length, "WEBHOOK_EVENTS_INVALID")
  .transform((list) => [...new Set(list)])
  .describe("The events this endpoint receives");

export const createWebhookInput = z.strictObject({ url, events });
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

/** Only the fields sent change. */
export const updateWebhookInput = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  active: z.boolean({ error: "VALIDATION_FAILED" }).optional().describe("An inactive endpoint receives nothing"),
});

export const webhookView = z.object({
  webhookHexId: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  previousSecretExpiresAt: z.iso.datetime().nullable().describe("Until when the secret before the last rotation still signs"),
  createdAt: z.iso.datetime(),
});
export type WebhookView = z.infer<typeof webhookView>;

export const webhookWithSecret = z.object({
  webhookHexId: z.string(),
  secret: z.string().describe("The signing secret, shown only in this answer"),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookList = listSchema("webhookEndpoints", webhookView);

export const webhookDeliveryView = z.object({
  deliveryHexId: z.string(),
  event: z.string(),
  eventHexId: z.string().describe("The event's eventHexId (the body's, and X-Rubrica-Event-Id): a redelivery keeps it"),
  status: z.enum(["PENDING", "DELIVERED", "FAILED"]),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable().describe("The receiver's HTTP status at the last attempt"),
  durationMs: z.number().int().nullable().describe("How long the last attempt took"),
  error: z.string().nullable().describe("Why the last attempt failed"),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  redeliveryOf: z.string().nullable().describe("The deliveryHexId this redelivery repeats"),
  createdAt: z.iso.datetime(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const listDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const webhookDeliveryList = z.object({
  _embedded: z.object({ webhookDeliveries: z.array(webhookDeliveryView) }),
  page: z.object({ size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int(), number: z.number().int() }),
});
