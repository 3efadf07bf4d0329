import { z } from "zod";

// The events an integrator's webhook endpoint may subscribe to. Shared by the browser (the endpoint form)
// and the server, so nothing here imports server code.

export const webhookEvents = [
  "document.sent",
  "signer.started",
  "signer.completed",
  "signer.rejected",
  "document.completed",
  "document.sealed",
  "document.rejected",
  "document.cancelled",
  "document.expired",
  "validation.completed",
  "validation.rejected",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The event a test delivery carries (POST /api/webhook-endpoints/{webhookHexId}/test); never subscribed to. */
export const webhookTestEvent = "webhook.test";

/** What every event says: the record it is about, and its status after the change. */
export const webhookEventData = z.object({
  documentHexId: z.string().optional().describe("The shipment (document.* and signer.* events)"),
  processHexId: z.string().optional().describe("The signer's signature process (signer.*) or the validation process (validation.*)"),
  status: z.string().describe("The document's, signer's or validation process's status after the event"),
});
export type WebhookEventData = z.infer<typeof webhookEventData>;

/** The body of every delivery, byte for byte what is signed. */
export const webhookEnvelope = z.object({
  id: z.string().describe("The event's id: the same in every delivery and redelivery of one event, so a receiver can drop duplicates"),
  type: z.union([z.enum(webhookEvents), z.literal(webhookTestEvent)]),
  createdAt: z.iso.datetime(),
  data: webhookEventData,
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelope>;
