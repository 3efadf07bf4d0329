/**
 * Every rate limit the product applies, by name: the one place their values live. An endpoint's descriptor
 * (lib/openapi/registry.ts `rateLimits`) declares the limits it applies and the OpenAPI document shows them
 * (`x-rateLimit` and the 429 answer); enforceRateLimit and refuseOverLimit (lib/security/rate-limit.ts) take one
 * of these, and inside an endpoint refuse a limit its descriptor does not declare.
 *
 * - `bucket`: the Redis key's prefix; the key is `rl:<bucket>:<subject>`.
 * - `per`: what one counter counts for (the subject): a client address, a user, a session, an API key, a typed
 *   user name, a link or process, a webhook endpoint, a video step's holder.
 * - `counts`: every request, or only failures (a wrong secret, password, PIN or token).
 * - `enforcedBy`: "endpoint" when endpoint() counts it before the handler runs (keyed on the client address, known
 *   from the request alone); "useCase" when the use case counts it, because its subject or whether the request
 *   counts is only known there (the typed user name, the link of a wrong secret, a failure).
 * - `setting`: an environment setting that overrides `limit` (the default).
 */
export type RateLimitPer = "ip" | "user" | "session" | "apiKey" | "username" | "link" | "linkAndIp" | "process" | "webhookEndpoint";

export type RateLimitRule = {
  readonly name: string;
  readonly bucket: string;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly per: RateLimitPer;
  readonly counts: "requests" | "failures";
  readonly enforcedBy: "endpoint" | "useCase";
  readonly setting?: "LOGIN_IP_LIMIT" | "LOGIN_USER_LIMIT";
};

const rule = <const N extends string>(name: N, spec: Omit<RateLimitRule, "name">) => ({ name, ...spec }) as RateLimitRule & { name: N };

export const rateLimits = {
  /** Every call with an API key, whatever the operation (lib/api-keys/context-from-api-key.ts). */
  apiKey: rule("apiKey", { bucket: "api-key", limit: 600, windowSeconds: 60, per: "apiKey", counts: "requests", enforcedBy: "useCase" }),
  loginIp: rule("loginIp", {
    bucket: "login:ip",
    limit: 100,
    windowSeconds: 300,
    per: "ip",
    counts: "requests",
    enforcedBy: "useCase",
    setting: "LOGIN_IP_LIMIT",
  }),
  loginUser: rule("loginUser", {
    bucket: "login:user",
    limit: 10,
    windowSeconds: 300,
    per: "username",
    counts: "requests",
    enforcedBy: "useCase",
    setting: "LOGIN_USER_LIMIT",
  }),
  signupIp: rule("signupIp", { bucket: "signup:ip", limit: 5, windowSeconds: 3600, per: "ip", counts: "requests", enforcedBy: "useCase" }),
  forgotIp: rule("forgotIp", { bucket: "forgot:ip", limit: 10, windowSeconds: 3600, per: "ip", counts: "requests", enforcedBy: "useCase" }),
  forgotUser: rule("forgotUser", {
    bucket: "forgot:user",
    limit: 3,
    windowSeconds: 900,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  resetCodeIp: rule("resetCodeIp", {
    bucket: "reset-code:ip",
    limit: 20,
    windowSeconds: 900,
    per: "ip",
    counts: "requests",
    enforcedBy: "endpoint",
  }),
  changePassword: rule("changePassword", {
    bucket: "change-pass",
    limit: 10,
    windowSeconds: 900,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  /** One code per purpose and method every 30 s. */
  mfaSendBurst: rule("mfaSendBurst", {
    bucket: "mfa-send:burst",
    limit: 1,
    windowSeconds: 30,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  mfaSendHour: rule("mfaSendHour", {
    bucket: "mfa-send:hour",
    limit: 6,
    windowSeconds: 3600,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  mfaVerify: rule("mfaVerify", {
    bucket: "mfa-verify",
    limit: 10,
    windowSeconds: 600,
    per: "session",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  mfaActivate: rule("mfaActivate", {
    bucket: "mfa-activate",
    limit: 10,
    windowSeconds: 600,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  mfaDeactivate: rule("mfaDeactivate", {
    bucket: "mfa-deactivate",
    limit: 10,
    windowSeconds: 900,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  callbackSecret: rule("callbackSecret", {
    bucket: "callback-secret:user",
    limit: 10,
    windowSeconds: 3600,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  webhookSecret: rule("webhookSecret", {
    bucket: "webhook-secret:user",
    limit: 30,
    windowSeconds: 3600,
    per: "user",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  webhookManualSend: rule("webhookManualSend", {
    bucket: "webhook-send:endpoint",
    limit: 60,
    windowSeconds: 3600,
    per: "webhookEndpoint",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  /** Unknown processes and wrong secrets of signing links. */
  signLinkFailures: rule("signLinkFailures", {
    bucket: "sign-link:ip",
    limit: 30,
    windowSeconds: 600,
    per: "ip",
    counts: "failures",
    enforcedBy: "useCase",
  }),
  /** Unknown validation links and processes, and wrong secrets of validation processes. */
  validationLinkFailures: rule("validationLinkFailures", {
    bucket: "validation-link:ip",
    limit: 30,
    windowSeconds: 600,
    per: "ip",
    counts: "failures",
    enforcedBy: "useCase",
  }),
  /** Wrong PINs from one client for one validation link (lib/validations/pin-attempts.ts). */
  validationPinClient: rule("validationPinClient", {
    bucket: "validation-pin:link",
    limit: 5,
    windowSeconds: 900,
    per: "linkAndIp",
    counts: "failures",
    enforcedBy: "useCase",
  }),
  /** Wrong PINs from every client together for one validation link; past it the link is locked. */
  validationPinLink: rule("validationPinLink", {
    bucket: "validation-pin:link",
    limit: 30,
    windowSeconds: 3600,
    per: "link",
    counts: "failures",
    enforcedBy: "useCase",
  }),
  evidenceUploadIp: rule("evidenceUploadIp", {
    bucket: "evidence-upload:ip",
    limit: 600,
    windowSeconds: 600,
    per: "ip",
    counts: "requests",
    enforcedBy: "endpoint",
  }),
  /** New digits for a video step, per process and step. */
  videoChallenge: rule("videoChallenge", {
    bucket: "video-code",
    limit: 10,
    windowSeconds: 600,
    per: "process",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  identityRegistry: rule("identityRegistry", {
    bucket: "cri",
    limit: 5,
    windowSeconds: 600,
    per: "process",
    counts: "requests",
    enforcedBy: "useCase",
  }),
  stampInfoIp: rule("stampInfoIp", {
    bucket: "stamp-info:ip",
    limit: 60,
    windowSeconds: 60,
    per: "ip",
    counts: "requests",
    enforcedBy: "endpoint",
  }),
  validateDocsCheckIp: rule("validateDocsCheckIp", {
    bucket: "validate-docs-check:ip",
    limit: 20,
    windowSeconds: 600,
    per: "ip",
    counts: "requests",
    enforcedBy: "endpoint",
  }),
  validateDocsPackageIp: rule("validateDocsPackageIp", {
    bucket: "validate-docs-package:ip",
    limit: 10,
    windowSeconds: 600,
    per: "ip",
    counts: "requests",
    enforcedBy: "endpoint",
  }),
  metricsTokenFailures: rule("metricsTokenFailures", {
    bucket: "metrics-token:ip",
    limit: 20,
    windowSeconds: 300,
    per: "ip",
    counts: "failures",
    enforcedBy: "useCase",
  }),
} as const;

export type RateLimitName = keyof typeof rateLimits;
