import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { descriptorOf } from "@/lib/http/endpoint";
import { openApiDocument } from "@/lib/openapi/document";

type Schema = Record<string, unknown>;
type DocumentedResponse = { content?: Record<string, { schema?: Schema }> };

const document = openApiDocument();
const paths = document.paths as Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The components once, as the schema every answer's references point into: compiled once for all answers.
const documentId = "rubrica-openapi";
ajv.addSchema({ $id: documentId, components: document.components });
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Schema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${documentId}#/components/schemas/`)) as Schema,
    );
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Throws unless the answer a route handler gave is the one the published OpenAPI document promises
 * for its operation: a status the operation lists, and a JSON body that its schema accepts (ajv,
 * JSON Schema 2020-12 with formats). tests/support/http.ts calls it for every answer, so each
 * integration test also checks the document. Handlers endpoint() did not wire have no operation
 * to check against (tests/integration/route-descriptors.test.ts keeps their list).
 */
export function assertDocumentedAnswer(handler: unknown, status: number, contentType: string | null, body: unknown): void {
  const descriptor = descriptorOf(handler);
  if (!descriptor) return;
  const where = `${descriptor.method.toUpperCase()} ${descriptor.path} → ${status}`;
  const response = paths[descriptor.path]?.[descriptor.method]?.responses[String(status)];
  if (!response) throw new Error(`Undocumented answer: ${where} is not in the OpenAPI document (body ${JSON.stringify(body)})`);
  if (!(contentType ?? "").includes("json")) return;
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) {
    if (response.content)
      throw new Error(`${where}: the document promises ${Object.keys(response.content).join(", ")}, the handler answered JSON`);
    return;
  }
  const validate = validatorFor(`${descriptor.method} ${descriptor.path} ${status}`, schema);
  if (!validate(body)) {
    throw new Error(
      `${where}: the answer does not match the OpenAPI document: ${ajv.errorsText(validate.errors)} (body ${JSON.stringify(body).slice(0, 500)})`,
    );
  }
}

type WebhookPost = { post: { requestBody: { content: Record<string, { schema: Schema }> } } };
const webhooks = (document as { webhooks?: Record<string, WebhookPost> }).webhooks ?? {};

/**
 * Throws unless a webhook delivery's body is what the OpenAPI document's `webhooks` section promises for its event:
 * an event the section lists, and a body its schema accepts (the event's type and its family's data, nothing more).
 */
export function assertDocumentedWebhook(body: string): void {
  const parsed = JSON.parse(body) as { type?: string };
  const type = String(parsed.type);
  const described = webhooks[type];
  if (!described) throw new Error(`Undocumented webhook event ${type}: not in the OpenAPI document's webhooks`);
  const validate = validatorFor(`webhook ${type}`, described.post.requestBody.content["application/json"]!.schema);
  if (!validate(parsed))
    throw new Error(`The ${type} delivery does not match the OpenAPI document: ${ajv.errorsText(validate.errors)} (body ${body})`);
}

type CallbackItem = Record<string, WebhookPost>;
/** Every operation's `callbacks`, as [the URL's runtime expression, the POST described]. */
const callbacks = Object.values(paths).flatMap((item) =>
  Object.values(item).flatMap((operation) =>
    Object.values((operation as { callbacks?: Record<string, CallbackItem> }).callbacks ?? {}).flatMap((callback) =>
      Object.entries(callback),
    ),
  ),
);

/**
 * Throws unless a per-shipment callback's body is what the OpenAPI document's `callbacks` promise for the URL it
 * went to (`callBackUrl` or `callBackUrlSoftFail` of the shipment): every operation that sets that URL describes it,
 * and its schema accepts the body.
 */
export function assertDocumentedCallback(url: "callBackUrl" | "callBackUrlSoftFail", body: string): void {
  const described = callbacks.filter(([expression]) => expression === `{$request.body#/${url}}`);
  if (described.length === 0) throw new Error(`No operation of the OpenAPI document describes the callback to ${url}`);
  const parsed = JSON.parse(body) as unknown;
  for (const [expression, item] of described) {
    const validate = validatorFor(`callback ${expression}`, item.post.requestBody.content["application/json"]!.schema);
    if (!validate(parsed))
      throw new Error(`The callback to ${url} does not match the OpenAPI document: ${ajv.errorsText(validate.errors)} (body ${body})`);
  }
}
