import { z } from "zod";
import { errorCodes, type ErrorCode } from "@/lib/errors/codes";
import type { ContextOptions } from "@/lib/auth/context";
import type { TokenStage } from "@/lib/auth/tokens";
import type { Requirement } from "@/lib/permissions/routes";
import type { IdempotencyScope } from "@/lib/http/api";
import { rateLimits as rateLimitRules, type RateLimitRule } from "@/lib/security/rate-limits";

// Builds an OpenAPI 3.1 document from operation descriptions whose parameters, bodies and answers
// are the zod schemas the handlers use, converted with z.toJSONSchema (JSON Schema 2020-12, the
// dialect of OpenAPI 3.1), so the document cannot drift from the validation.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * - public: no credentials;
 * - optional: anonymous, or a staff token or API key for the organisation's own values;
 * - token: a staff token (JWT) only; API keys are refused;
 * - tokenOrApiKey: a staff token or an API key, with the privileges of the key's role.
 */
export type OperationAuth = "public" | "optional" | "token" | "tokenOrApiKey";

/**
 * How an endpoint keeps to an organisation (the organisation-isolation test reads it):
 * - public: reads or writes nothing that belongs to an organisation (sign-in, sign-up, health);
 * - signerLink: a signer's or validated person's link (its id and secret) is the credential, and names one process only;
 * - self: acts only on the caller's own user or session, taken from the token, never from input;
 * - organization: reads or changes organisation data, always the caller's organisation;
 * - platform: acts across organisations, for platform administrators only (403 for everyone else).
 */
export type Tenancy = "public" | "signerLink" | "self" | "organization" | "platform";

/**
 * A schema shown inline, or under components.schemas with `component` as its name. `mediaType`
 * multipart/form-data describes a form the handler reads itself (files as `format: binary`).
 */
export type SchemaRef = { schema: z.ZodType; component?: string; mediaType?: "application/json" | "multipart/form-data" };

export type ApiOperation = {
  method: HttpMethod;
  /** The path as clients call it, with {param} segments: /api/api-keys/{apiUserHexId}. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: OperationAuth;
  /**
   * What endpoint() checks before the handler runs (lib/http/endpoint.ts): a staff token or API key
   * meeting a privilege or platform administration, or a staff token (staff). Without it, `auth` says:
   * public and optional callers, or any caller (tokenOrApiKey) with no privilege.
   */
  requires?: Requirement;
  /** Token stages accepted besides a full session (default ["full"]). */
  stages?: readonly TokenStage[];
  contextOptions?: ContextOptions;
  /** The handler reads the caller's token itself (a sign-in in progress, a refresh, a logout): endpoint() checks none. */
  authenticatesItself?: true;
  /** Fields every error answer of this endpoint carries besides errorCode and message, where the spec says so (/api/verify's result -1). */
  errorExtra?: Readonly<Record<string, string | number>>;
  /** "helper": a spec §8 helper call, whose errors answer `{ result: 0, errorCode, description }` (lib/http/helper-route.ts). */
  errorShape?: "helper";
  tenancy: Tenancy;
  /**
   * Every rate limit the endpoint applies (lib/security/rate-limits.ts), besides the API key's own, which every call
   * made with a key meets. endpoint() counts those whose `enforcedBy` is "endpoint" before the handler runs; the use
   * case counts the others, and inside an endpoint a limit its descriptor does not declare is refused as a
   * programming error (lib/security/rate-limit.ts). The document shows them as `x-rateLimit` and the 429 answer.
   */
  rateLimits?: readonly RateLimitRule[];
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: SchemaRef;
  /** The body may be left out (the handler then uses its defaults). */
  bodyOptional?: boolean;
  /** Answers by status. Error statuses are added from `errors` and from what auth, parameters and body imply. */
  responses: Record<number, ApiResponse>;
  /** Catalogue errors this operation answers besides 400 (body), 401/403 (auth), 404 (path) and 429 (API key). */
  errors?: readonly number[];
  /** What an error status means for this operation, where the general description says too little. */
  errorNotes?: Record<number, string>;
  /** A different error shape for one status (e.g. /authenticate's pending second factor). */
  errorBodies?: Record<number, SchemaRef>;
  /** Honours an Idempotency-Key header (lib/http/idempotency.ts): every POST that creates or sends. */
  idempotent?: boolean;
  /**
   * A list answered in the shape spec §7 prescribes for this path (its row, e.g. "GET /fileType/getAllFileType → data")
   * instead of the product's `_embedded` + `page` list shape; shown as `x-spec-shape`. Only where the spec says so.
   */
  specShape?: string;
  /** POSTs Rúbrica later makes to a URL this request gives (OpenAPI `callbacks`), by name. */
  callbacks?: Record<string, ApiCallback>;
  /**
   * Whose keys they are (lib/http/api.ts IdempotencyScope): the caller (organisation and API key or user; the
   * default), the link (signer-link calls, by the link's secret), or the client's address (anonymous calls).
   */
  idempotencyScope?: IdempotencyScope;
};

/**
 * A POST Rúbrica makes to a URL a request gave: `url` is the OpenAPI runtime expression naming it
 * ({$request.body#/callBackUrl}), `headers` the request headers a receiver relies on, with their descriptions.
 */
export type ApiCallback = { url: string; summary: string; description: string; headers: Record<string, string>; body: SchemaRef };

/**
 * An answer: a JSON body, or a file in one of `files` (media types) with no JSON schema; `headers`
 * names the response headers a client relies on, with their descriptions: the answer always carries them.
 */
export type ApiResponse = { description: string; body?: SchemaRef; files?: readonly string[]; headers?: Record<string, string> };

/**
 * The `responses` of an operation with one JSON answer: `answer("The role", role)`. The body is a
 * SchemaRef or a bare zod schema (shown inline).
 */
export function answer(description: string, body?: SchemaRef | z.ZodType, status = 200): Record<number, ApiResponse> {
  return { [status]: { description, ...(body ? { body: body instanceof z.ZodType ? { schema: body } : body } : {}) } };
}

/** The `responses` of a creation: 201 with the record (or its hexId) as the body. */
export const created = (body: SchemaRef | z.ZodType, description = "Created") => answer(description, body, 201);

const errorCodeSchema = z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]).describe("Catalogue code; see messages errors.<code>");

/** One field at fault (lib/http/api.ts FieldError). */
export const fieldErrorSchema = z.object({
  field: z.string().describe("The request field, as a path into the body (e.g. steps.1.expiryMinutes)"),
  errorCode: errorCodeSchema,
  message: z.string().describe("What is wrong with this field, in the caller's language"),
});

/**
 * Spec §7/§8: every error answers `{ errorCode, message, fields? }` in the caller's language (lib/http/api.ts
 * errorBody). Other members are the values the message names (seconds, remaining, min, …).
 */
export const apiErrorShape = {
  errorCode: errorCodeSchema,
  message: z.string().describe("The error in the caller's language (Accept-Language or the locale cookie)"),
  field: z.string().optional().describe("The (first) request field at fault, when there is one"),
  fields: z.array(fieldErrorSchema).optional().describe("Every field at fault, each with its own code and message"),
};
export const apiErrorSchema = z
  .looseObject(apiErrorShape)
  .describe("Besides these, the values the message names: seconds (429, also in Retry-After), remaining, min, max, …");

export const securitySchemes = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "A staff token from POST /api/authenticate (and /api/verify), or an API key (rbk_…) where the operation accepts keys.",
  },
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description: "An API key created in /api-management; it acts with its role's privileges.",
  },
} as const;

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const converted = {
    ...(z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      // format date-time says it all; zod's equivalent regular expression only makes the document unreadable.
      override: ({ jsonSchema: json }) => {
        if (json.format === "date-time") delete json.pattern;
      },
    }) as JsonSchema),
  };
  // OpenAPI 3.1 declares the dialect once for the whole document.
  delete converted.$schema;
  return converted;
}

const security: Record<OperationAuth, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, { bearerAuth: [] }, { apiKey: [] }],
  token: [{ bearerAuth: [] }],
  tokenOrApiKey: [{ bearerAuth: [] }, { apiKey: [] }],
};

const errorDescriptions: Record<number, string> = {
  400: "Invalid or incomplete request",
  401: "Missing, invalid or expired credentials",
  403: "The caller lacks the privilege",
  404: "Not found in the caller's organisation",
  409: "Conflicts with an existing record",
  413: "The request body is larger than the operation accepts",
  423: "User blocked",
  429: "Too many requests; retry after the seconds given",
  500: "An unexpected server error (SERVER_ERROR)",
};

const integerHeader = (description: string, required: boolean) => ({ description, required, schema: { type: "integer", minimum: 0 } });
/** What lib/security/rate-limit.ts's rateLimitHeaders puts on every 429 (the limit only where a window has one). */
const rateLimitedHeaders = {
  "Retry-After": integerHeader("Seconds to wait before trying again (the body's `seconds`)", true),
  "RateLimit-Limit": integerHeader("Requests the window allows", false),
  "RateLimit-Remaining": integerHeader("Requests left in the window: 0", true),
  "RateLimit-Reset": integerHeader("Seconds until the window ends", true),
};

const idempotencyCallers: Record<IdempotencyScope, string> = {
  caller: "API key or user",
  link: "link (the same X-Url-Sign secret)",
  client: "client address",
};

const idempotencyKeyParameter = (scope: IdempotencyScope) => ({
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: `A key of your choosing (1-255 visible ASCII characters, e.g. a UUID) that makes retrying safe: for 24 hours the same key with the same request from the same ${idempotencyCallers[scope]} answers the first success again, with \`Idempotent-Replayed: true\`, and creates or sends nothing more. The same key with another request answers 409 IDEMPOTENCY_KEY_REUSED; while the first request is still running, 409 IDEMPOTENCY_KEY_IN_USE. A request that failed keeps nothing: correct it and retry with the same key.`,
  schema: { type: "string", minLength: 1, maxLength: 255 },
});
const idempotentReplayed = {
  description: "`true` when the answer is the one first given to this Idempotency-Key",
  schema: { type: "string", enum: ["true"] },
};

const perText: Record<RateLimitRule["per"], string> = {
  ip: "client address",
  user: "user",
  session: "sign-in session",
  apiKey: "API key",
  username: "user name",
  link: "link",
  linkAndIp: "link and client address",
  process: "process",
  webhookEndpoint: "webhook endpoint",
};

/** The limits an operation's callers may meet: its own, and the API key's where it accepts keys. */
export function documentedRateLimits(op: ApiOperation): readonly RateLimitRule[] {
  const ownLimits = op.rateLimits ?? [];
  return security[op.auth].some((scheme) => "apiKey" in scheme) ? [...ownLimits, rateLimitRules.apiKey] : ownLimits;
}

/** "10 requests in 600 s per client address", as the document's description says it. */
function rateLimitText(rule: RateLimitRule): string {
  const what = rule.counts === "failures" ? "failures" : "requests";
  const setting = rule.setting ? ` (setting ${rule.setting})` : "";
  return `${rule.limit} ${what} in ${rule.windowSeconds} s per ${perText[rule.per]}${setting}`;
}

/** The `x-rateLimit` extension: each limit as a client can plan with it. */
function rateLimitExtension(rules: readonly RateLimitRule[]) {
  return rules.map((rule) => ({
    name: rule.name,
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
    per: rule.per,
    counts: rule.counts,
    ...(rule.setting ? { setting: rule.setting } : {}),
  }));
}

function errorStatuses(op: ApiOperation): number[] {
  const implied = [
    ...(op.body || op.query || op.pathParams ? [400] : []),
    // A path names one record of the caller's organisation; another organisation's is not found.
    ...(op.pathParams ? [404] : []),
    ...(op.auth === "token" || op.auth === "tokenOrApiKey" ? [401, 403] : []),
    ...(op.auth === "optional" ? [401] : []),
    ...(documentedRateLimits(op).length > 0 ? [429] : []),
    ...(op.idempotent ? [409] : []),
    // A JSON body over lib/validation/text.ts's bound is refused before it is read whole (REQUEST_TOO_LARGE).
    ...(op.body && (op.body.mediaType ?? "application/json") === "application/json" ? [413] : []),
    // Any handler may fail unexpectedly: apiRoute answers SERVER_ERROR in the error shape.
    500,
  ];
  const listed = [...(op.errors ?? []), ...Object.keys(op.errorBodies ?? {}).map(Number), ...Object.keys(op.errorNotes ?? {}).map(Number)];
  return [...new Set([...implied, ...listed])].sort((a, b) => a - b);
}

/** The OpenAPI 3.1 document for `operations`. Throws on a repeated operation or a component named twice differently. */
export function buildOpenApiDocument(operations: readonly ApiOperation[], info: { title: string; version: string; description: string }) {
  const components: Record<string, JsonSchema> = { Error: jsonSchema(apiErrorSchema, "output") };
  const content = (ref: SchemaRef, io: "input" | "output") => {
    const converted = jsonSchema(ref.schema, io);
    const mediaType = ref.mediaType ?? "application/json";
    if (!ref.component) return { [mediaType]: { schema: converted } };
    const existing = components[ref.component];
    if (existing && JSON.stringify(existing) !== JSON.stringify(converted))
      throw new Error(`OpenAPI component ${ref.component} is defined twice, differently`);
    components[ref.component] = converted;
    return { [mediaType]: { schema: { $ref: `#/components/schemas/${ref.component}` } } };
  };
  const parameters = (object: z.ZodObject | undefined, location: "path" | "query") => {
    if (!object) return [];
    const converted = jsonSchema(object, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(converted.properties ?? {}).map(([name, schema]) => {
      const { description, ...rest } = schema;
      return {
        name,
        in: location,
        required: location === "path" || (converted.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      };
    });
  };

  const callbacksOf = (callbacks: Record<string, ApiCallback>) =>
    Object.fromEntries(
      Object.entries(callbacks).map(([name, callback]) => [
        name,
        {
          [callback.url]: {
            post: {
              summary: callback.summary,
              description: callback.description,
              parameters: Object.entries(callback.headers).map(([header, description]) => ({
                name: header,
                in: "header",
                required: true,
                description,
                schema: { type: "string" },
              })),
              requestBody: { required: true, content: content(callback.body, "output") },
              responses: { "200": { description: "Any 2xx answer delivers it; anything else is retried" } },
            },
          },
        },
      ]),
    );

  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const op of operations) {
    if (ids.has(op.operationId)) throw new Error(`OpenAPI operationId ${op.operationId} is used twice`);
    ids.add(op.operationId);
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`OpenAPI ${op.method.toUpperCase()} ${op.path} is described twice`);
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(op.responses)) {
      const files = answer.files ? Object.fromEntries(answer.files.map((type) => [type, {}])) : undefined;
      const headers = answer.headers
        ? Object.fromEntries(
            Object.entries(answer.headers).map(([name, description]) => [
              name,
              { description, required: true, schema: { type: "string" } },
            ]),
          )
        : undefined;
      responses[status] = {
        description: answer.description,
        ...(headers ? { headers } : {}),
        ...(answer.body ? { content: content(answer.body, "output") } : files ? { content: files } : {}),
      };
    }
    for (const status of errorStatuses(op)) {
      const body = op.errorBodies?.[status];
      responses[String(status)] = {
        description: op.errorNotes?.[status] ?? errorDescriptions[status] ?? "Error",
        ...(status === 429 ? { headers: rateLimitedHeaders } : {}),
        content: body ? content(body, "output") : { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    if (op.idempotent) {
      for (const [status, answer] of Object.entries(responses) as [string, { headers?: Record<string, unknown> }][])
        if (status.startsWith("2")) answer.headers = { ...answer.headers, "Idempotent-Replayed": idempotentReplayed };
    }
    const parameterList = [
      ...parameters(op.pathParams, "path"),
      ...parameters(op.query, "query"),
      ...(op.idempotent ? [idempotencyKeyParameter(op.idempotencyScope ?? "caller")] : []),
    ];
    const limits = documentedRateLimits(op);
    const ownLimits = op.rateLimits ?? [];
    const limitSentence = ownLimits.length > 0 && `Rate limits: ${ownLimits.map(rateLimitText).join("; ")}.`;
    item[op.method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description || limitSentence ? { description: [op.description, limitSentence].filter(Boolean).join(" ") } : {}),
      "x-tenancy": op.tenancy,
      ...(op.specShape ? { "x-spec-shape": op.specShape } : {}),
      ...(limits.length > 0 ? { "x-rateLimit": rateLimitExtension(limits) } : {}),
      security: security[op.auth],
      ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
      ...(op.body ? { requestBody: { required: !op.bodyOptional, content: content(op.body, "input") } } : {}),
      responses,
      ...(op.callbacks ? { callbacks: callbacksOf(op.callbacks) } : {}),
    };
  }

  return {
    openapi: "3.1.0",
    info,
    servers: [{ url: "/" }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: components, securitySchemes },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
