import { rateLimits } from "@/lib/security/rate-limits";
import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { z } from "zod";
import { answer, created } from "../registry";
import {
  createWebhookInput,
  listDeliveriesQuery,
  updateWebhookInput,
  webhookDeliveryList,
  webhookDeliveryView,
  webhookList,
  webhookView,
  webhookWithSecret,
} from "@/lib/webhooks/schemas";
import { type WebhookEvent, webhookEnvelopeOf, webhookEvents, webhookTestEvent } from "@/lib/webhooks/events";
import { deleted, hexIdPath, operationGroup } from "./common";

const endpointPath = hexIdPath("webhookHexId", "The endpoint's hexId");
const deliveryPath = z.object({
  webhookHexId: z.string().describe("The endpoint's hexId"),
  deliveryHexId: z.string().describe("The delivery's hexId"),
});
const endpoint = { schema: webhookView, component: "WebhookEndpoint" };
const withSecret = { schema: webhookWithSecret, component: "WebhookEndpointSecret" };
const delivery = { schema: webhookDeliveryView, component: "WebhookDelivery" };
const privilege =
  "A staff token, or an API key whose role has the privilege (what /api-management needs): an integrator registers and looks after its own endpoints.";
/** The callback secret stays a person's: one secret for the whole organisation, shown once, never to a key. */
const callbackPrivilege =
  "A staff token only (API keys are refused): the organisation's one callback secret is revealed to, and rotated by, an administrator.";
const signing =
  'Each delivery is a POST of the event as JSON with `X-Rubrica-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (verify it on the raw body, within 5 minutes of t), `X-Rubrica-Event`, `X-Rubrica-Event-Id` (the same in every redelivery) and `X-Rubrica-Delivery`. Any answer but 2xx is retried with exponential backoff, 8 attempts in all.';

export const webhookOperations = operationGroup(
  "Webhooks",
  "tokenOrApiKey",
)({
  listWebhookEndpoints: {
    method: "get",
    path: "/api/webhook-endpoints",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "The organisation's webhook endpoints, without their secrets",
    description: privilege,
    responses: answer("The endpoints", webhookList),
  },
  createWebhookEndpoint: {
    method: "post",
    path: "/api/webhook-endpoints",
    rateLimits: [rateLimits.webhookSecret],
    idempotent: true,
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Subscribe a URL to events",
    description: `${privilege} The answer holds the endpoint's signing secret, the only time it is returned. ${signing}`,
    body: { schema: createWebhookInput, component: "CreateWebhookEndpointInput" },
    responses: created(withSecret),
  },
  getWebhookEndpoint: {
    method: "get",
    path: "/api/webhook-endpoints/{webhookHexId}",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "One endpoint, without its secret",
    description: privilege,
    pathParams: endpointPath,
    responses: answer("The endpoint", endpoint),
  },
  updateWebhookEndpoint: {
    method: "put",
    path: "/api/webhook-endpoints/{webhookHexId}",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Change an endpoint's URL or events, or disable it",
    description: `${privilege} Only the fields sent change.`,
    pathParams: endpointPath,
    body: { schema: updateWebhookInput, component: "UpdateWebhookEndpointInput" },
    responses: answer("Updated", endpoint),
  },
  deleteWebhookEndpoint: {
    method: "delete",
    path: "/api/webhook-endpoints/{webhookHexId}",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Delete an endpoint and its deliveries",
    description: privilege,
    pathParams: endpointPath,
    responses: answer("Deleted", deleted),
  },
  rotateWebhookSecret: {
    method: "post",
    path: "/api/webhook-endpoints/{webhookHexId}/rotate-secret",
    rateLimits: [rateLimits.webhookSecret],
    idempotent: true,
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "A new signing secret; the old one keeps signing for 24 h",
    description: `${privilege} The answer holds the new secret, the only time it is returned. For 24 h deliveries carry two v1 signatures, one per secret, so either verifies.`,
    pathParams: endpointPath,
    responses: answer("Rotated", withSecret),
  },
  testWebhookEndpoint: {
    method: "post",
    path: "/api/webhook-endpoints/{webhookHexId}/test",
    rateLimits: [rateLimits.webhookManualSend],
    idempotent: true,
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Send a webhook.test event to the endpoint now",
    description: privilege,
    pathParams: endpointPath,
    responses: answer("Queued", delivery, 202),
  },
  listWebhookDeliveries: {
    method: "get",
    path: "/api/webhook-endpoints/{webhookHexId}/deliveries",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "The endpoint's deliveries, newest first: status, attempts, response code, duration",
    description: privilege,
    pathParams: endpointPath,
    query: listDeliveriesQuery,
    responses: answer("A page of deliveries under _embedded.webhookDeliveries", webhookDeliveryList),
  },
  redeliverWebhook: {
    method: "post",
    path: "/api/webhook-endpoints/{webhookHexId}/deliveries/{deliveryHexId}/redeliver",
    rateLimits: [rateLimits.webhookManualSend],
    idempotent: true,
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Send a delivery's event again, as a new delivery",
    description: `${privilege} The body and event id are the first delivery's.`,
    pathParams: deliveryPath,
    responses: answer("Queued", delivery, 202),
  },
  getCallbackSecretState: {
    method: "get",
    path: "/api/callback-secret",
    auth: "token",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Whether the organisation's callback secret was revealed, and until when a rotated one still signs",
    description: `${callbackPrivilege} The per-shipment callbacks (callBackUrl, callBackUrlSoftFail) are signed with this secret, as webhooks are with theirs.`,
    responses: answer("The state", z.object({ revealed: z.boolean(), previousSecretExpiresAt: z.iso.datetime().nullable() })),
  },
  revealCallbackSecret: {
    method: "post",
    path: "/api/callback-secret/reveal",
    rateLimits: [rateLimits.callbackSecret],
    auth: "token",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "The organisation's callback signing secret, once",
    description: `${callbackPrivilege} Answers 409 CALLBACK_SECRET_REVEALED once it was shown; rotate it for a new one.`,
    responses: answer("The secret", z.object({ secret: z.string() })),
    errors: [409, 429],
  },
  rotateCallbackSecret: {
    method: "post",
    path: "/api/callback-secret/rotate",
    idempotent: true,
    rateLimits: [rateLimits.callbackSecret],
    auth: "token",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "A new callback signing secret; the old one keeps signing for 24 h",
    description: `${callbackPrivilege} The answer holds the new secret, the only time it is returned.`,
    responses: answer("The new secret", z.object({ secret: z.string() })),
    errors: [429],
  },
});

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event, each the POST a subscribed endpoint receives, with
 * the envelope every event shares (lib/webhooks/events.ts) and its signature header.
 */
export function webhookDescriptions(): Record<string, unknown> {
  const envelopeOf = (event: WebhookEvent | typeof webhookTestEvent): Record<string, unknown> => {
    const schema: Record<string, unknown> = z.toJSONSchema(webhookEnvelopeOf(event), {
      target: "draft-2020-12",
      io: "output",
      override: ({ jsonSchema }) => {
        if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
      },
    });
    // OpenAPI 3.1 declares the dialect once for the whole document.
    delete schema.$schema;
    return schema;
  };
  return Object.fromEntries(
    [...webhookEvents, webhookTestEvent as typeof webhookTestEvent].map((event) => [
      event,
      {
        post: {
          summary: `The ${event} event`,
          description: signing,
          parameters: [
            { name: "X-Rubrica-Signature", in: "header", required: true, schema: { type: "string" } },
            { name: "X-Rubrica-Event", in: "header", required: true, schema: { type: "string", const: event } },
            { name: "X-Rubrica-Event-Id", in: "header", required: true, schema: { type: "string" } },
            { name: "X-Rubrica-Delivery", in: "header", required: true, schema: { type: "string" } },
          ],
          requestBody: { required: true, content: { "application/json": { schema: envelopeOf(event) } } },
          responses: { "200": { description: "Any 2xx answer delivers the event; anything else is retried" } },
        },
      },
    ]),
  );
}
