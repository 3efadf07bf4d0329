export {
  createRubricaClient,
  idempotencyKey,
  unwrap,
  RubricaApiError,
  type RubricaClient,
  type RubricaClientOptions,
  type RubricaErrorBody,
  type RubricaFieldError,
  type Schemas,
} from "./client.js";
export {
  verifyWebhook,
  WebhookVerificationError,
  type RubricaShipmentCallback,
  type RubricaWebhookEvent,
  type RubricaWebhookEventOf,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookVerificationFailure,
} from "./webhooks.js";
export type { components, operations, paths, webhooks } from "./schema.js";
