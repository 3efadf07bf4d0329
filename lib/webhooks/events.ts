import { z } from "zod";
import { documentStatuses } from "@/lib/documents/list-schemas";
import { signerStatuses } from "@/lib/reports/report-schemas";

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

/** A shipment's statuses (Prisma's DocumentStatus) and a signer's or validation process's (ProcessStatus). */
export { documentStatuses };
export const processStatuses = signerStatuses;

const documentHexId = z.string().describe("The shipment's documentHexId");
/** What each family of events says: the record it is about, and its status after the change. */
export const documentEventData = z.strictObject({
  documentHexId,
  status: z.enum(documentStatuses).describe("The shipment's status after the event"),
});
// A signer is named signerHexId, as in the shipment's status, its dispatches and the …/signers/{signerHexId} paths
// (the same value is the processHexId of the signer's own link and of getSignatureProcess, where spec §3 names it).
// A validation process is no signer: it keeps processHexId, spec §3's name in its validation process data.
export const signerEventData = z.strictObject({
  documentHexId,
  signerHexId: z.string().describe("The signer's signerHexId (as in GET /api/documents/{documentHexId}/status)"),
  status: z.enum(processStatuses).describe("The signer's status after the event"),
});
export const validationEventData = z.strictObject({
  processHexId: z.string().describe("The validation process's processHexId (spec §3 validation process data)"),
  status: z.enum(processStatuses).describe("The validation process's status after the event"),
});
export const testEventData = z.strictObject({ status: z.literal("TEST") });

/** The data an event carries, by the family its name starts with. */
export function webhookEventDataOf(event: WebhookEvent | typeof webhookTestEvent) {
  if (event === webhookTestEvent) return testEventData;
  if (event.startsWith("signer.")) return signerEventData;
  if (event.startsWith("validation.")) return validationEventData;
  return documentEventData;
}

export const webhookEventData = z.union([documentEventData, signerEventData, validationEventData, testEventData]);
export type WebhookEventData = z.infer<typeof webhookEventData>;

const envelopeFields = {
  eventHexId: z
    .string()
    .describe(
      "The event's id (also in X-Rubrica-Event-Id): the same in every delivery and redelivery of one event, so a receiver can drop duplicates",
    ),
  createdAt: z.iso.datetime(),
};
/** The body of every delivery, byte for byte what is signed. */
export const webhookEnvelope = z.strictObject({
  ...envelopeFields,
  type: z.union([z.enum(webhookEvents), z.literal(webhookTestEvent)]),
  data: webhookEventData,
});
/** The body of one event's deliveries: its type, and the data of its family (the OpenAPI document's webhooks). */
export function webhookEnvelopeOf(event: WebhookEvent | typeof webhookTestEvent) {
  return z.strictObject({ ...envelopeFields, type: z.literal(event), data: webhookEventDataOf(event) });
}
export type WebhookEnvelope = z.infer<typeof webhookEnvelope>;
