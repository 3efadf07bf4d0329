export {
  createRubricaClient,
  idempotencyKey,
  unwrap,
  RubricaApiError,
  type RubricaClient,
  type RubricaClientOptions,
  type RubricaErrorBody,
  type Schemas,
} from "./client.js";
export {
  verifyWebhook,
  WebhookVerificationError,
  type RubricaWebhookEvent,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookVerificationFailure,
} from "./webhooks.js";
export type { components, operations, paths, webhooks } from "./schema.js";
