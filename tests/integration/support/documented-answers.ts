import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { descriptorOf } from "@/lib/http/endpoint";
import { openApiDocument } from "@/lib/openapi/document";

type Schema = Record<string, unknown>;
type DocumentedHeader = { required?: boolean; schema?: Schema };
type DocumentedResponse = { content?: Record<string, { schema?: Schema }>; headers?: Record<string, DocumentedHeader> };

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

/** A media type without its parameters, lower-cased: "text/plain; version=0.0.4" → "text/plain". */
const essence = (mediaType: string) => mediaType.split(";")[0]!.trim().toLowerCase();

/**
 * The response headers the document itself defines (Retry-After, RateLimit-*, Idempotent-Replayed, X-…-Sha256), lower-cased:
 * an answer that carries one must document it. Generic HTTP headers (caching, Content-Disposition) are left out.
 */
const genericHeaders = new Set(["cache-control", "etag", "content-disposition"]);
const definedHeaders = new Set(
  Object.values(paths)
    .flatMap((item) => Object.values(item).flatMap((op) => Object.values(op.responses)))
    .flatMap((response) => Object.keys(response.headers ?? {}).map((name) => name.toLowerCase()))
    .filter((name) => !genericHeaders.has(name)),
);

/** A path template as a regular expression whose groups are its parameters: /api/documents/{documentHexId}. */
function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>[^/]+)");
  return new RegExp(`^${escaped}/?$`);
}

/** What a request sent a handler: its method and the URL's path. */
export type SentRequest = { method: string; path: string };
/** A handler's answer as it came: status, headers and the body's bytes. */
export type HandlerAnswer = { status: number; headers: Headers; bytes: Uint8Array };

/**
 * The path parameters of a request to `handler`'s operation, read from its URL with the operation's path template;
 * throws when the method or the path is not the operation's (a test sending one URL to another URL's handler).
 * Null for a handler endpoint() did not wire, which has no operation.
 */
export function operationParams(handler: unknown, sent: SentRequest): Record<string, string> | null {
  const descriptor = descriptorOf(handler);
  if (!descriptor) return null;
  const operation = `${descriptor.method.toUpperCase()} ${descriptor.path}`;
  const match = templatePattern(descriptor.path).exec(sent.path);
  if (sent.method.toUpperCase() !== descriptor.method.toUpperCase() || !match)
    throw new Error(`${sent.method.toUpperCase()} ${sent.path} was sent to the handler of ${operation}`);
  return Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
}

/** What is wrong with an answer's headers for its documented response: a required one missing, a value its schema refuses, one it does not document. */
function headerProblems(response: DocumentedResponse, headers: Headers): string[] {
  const documented = new Map(Object.entries(response.headers ?? {}).map(([name, header]) => [name.toLowerCase(), { name, header }]));
  const problems: string[] = [];
  for (const [key, { name, header }] of documented) {
    const value = headers.get(key);
    if (value === null) {
      if (header.required) problems.push(`the required header ${name} is missing`);
      continue;
    }
    if (!header.schema) continue;
    const typed = header.schema.type === "integer" && /^-?\d+$/.test(value) ? Number(value) : value;
    const validate = validatorFor(`header ${JSON.stringify(header.schema)}`, header.schema);
    if (!validate(typed)) problems.push(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors, { dataVar: "" })}`);
  }
  for (const [key] of headers) if (definedHeaders.has(key) && !documented.has(key)) problems.push(`header ${key} is not documented for it`);
  return problems;
}

/**
 * Throws unless the answer a route handler gave is the one the published OpenAPI document promises for the
 * handler's operation (the document's entry for its descriptor's method and path template): a status the operation lists; a
 * JSON body its schema accepts (ajv, JSON Schema 2020-12 with formats); any other body in a media type listed
 * for that status (a PDF, a ZIP, a CSV…); the headers documented as required present, documented header values
 * their schemas accept, and no header the document defines elsewhere (Retry-After, RateLimit-*,
 * Idempotent-Replayed) on an answer that does not document it. tests/support/http.ts calls it for every
 * answer, so each integration test also checks the document. Handlers endpoint() did not wire have no
 * operation to check against (tests/support/undescribed-handlers.ts lists them).
 */
export function assertDocumentedAnswer(handler: unknown, answer: HandlerAnswer): void {
  const descriptor = descriptorOf(handler);
  if (!descriptor) return;
  const { status, headers, bytes } = answer;
  const contentType = headers.get("content-type");
  const text = () => Buffer.from(bytes).toString("utf8");
  const where = `${descriptor.method.toUpperCase()} ${descriptor.path} → ${status}`;
  const response = paths[descriptor.path]?.[descriptor.method]?.responses[String(status)];
  if (!response) throw new Error(`Undocumented answer: ${where} is not in the OpenAPI document (body ${text().slice(0, 500)})`);
  const problems = headerProblems(response, headers);
  if (problems.length > 0) throw new Error(`${where}: the answer's headers do not match the OpenAPI document: ${problems.join("; ")}`);
  if (contentType === null) {
    if (bytes.length > 0) throw new Error(`${where}: a body with no Content-Type`);
    return;
  }
  const media = essence(contentType);
  const documented = Object.entries(response.content ?? {});
  if (!media.includes("json")) {
    if (!documented.some(([type]) => essence(type) === media))
      throw new Error(
        `${where}: answered ${contentType}, the document promises ${documented.map(([type]) => type).join(", ") || "no body"}`,
      );
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text());
  } catch {
    throw new Error(`${where}: answered ${contentType} that is not JSON (${text().slice(0, 200)})`);
  }
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) {
    if (response.content && !response.content["application/json"])
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
