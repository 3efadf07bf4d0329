import { rateLimits } from "@/lib/security/rate-limits";
import { z } from "zod";
import { authenticateInput } from "@/lib/auth/authenticate";
import { verifyInput } from "@/lib/auth/verify-mfa";
import { answer, apiErrorSchema } from "../registry";
import { operationGroup } from "./common";

const tokenAnswer = z.object({
  token: z.string().describe("Send it as `Authorization: Bearer <token>`"),
  expiresAt: z.iso.datetime(),
  changePassword: z.boolean().describe("The user must change the password before anything else"),
  landingPage: z.string().describe("The first portal page the user's authorities open"),
});

const pendingSecondFactor = apiErrorSchema.extend({
  token: z
    .string()
    .optional()
    .describe("With MFA_REQUIRED or MFA_ACTIVATION_REQUIRED: the pre-authentication token for /api/verify or the method activation"),
  hexId: z.string().optional().describe("The pending session"),
  mfaMethodRequired: z.enum(["TOTP", "EMAIL", "SMS"]).optional(),
});

const verifyFailure = apiErrorSchema.extend({ result: z.literal(-1) });

export const authOperations = operationGroup(
  "Authentication",
  "public",
)({
  authenticate: {
    method: "post",
    path: "/api/authenticate",
    rateLimits: [rateLimits.loginIp, rateLimits.loginUser, rateLimits.mfaSendBurst, rateLimits.mfaSendHour],
    tenancy: "public",
    summary: "Sign in with e-mail and password",
    description: "Answers a token, or, when a second factor is due, a 401 carrying a pre-authentication token for /api/verify.",
    body: { schema: authenticateInput, component: "AuthenticateInput" },
    responses: answer("Signed in", { schema: tokenAnswer, component: "TokenAnswer" }),
    errors: [403, 423, 429],
    errorBodies: { 401: { schema: pendingSecondFactor, component: "PendingSecondFactor" } },
  },
  verifySecondFactor: {
    method: "post",
    path: "/api/verify",
    rateLimits: [rateLimits.mfaVerify],
    authenticatesItself: true,
    errorExtra: { result: -1 },
    tenancy: "public",
    summary: "Complete a sign-in with the second-factor code",
    description: "Call with the pre-authentication token from /api/authenticate as Bearer. A result of -1 means failure.",
    auth: "token",
    body: { schema: verifyInput },
    responses: answer("Signed in", tokenAnswer.extend({ result: z.literal(1) })),
    errors: [423, 429],
    errorBodies: { 400: { schema: verifyFailure }, 401: { schema: verifyFailure } },
  },
  refreshToken: {
    method: "post",
    path: "/api/token/refresh",
    authenticatesItself: true,
    tenancy: "self",
    summary: "A new token for the same live session, with authorities read afresh",
    auth: "token",
    responses: answer("Refreshed", z.object({ token: z.string(), expiresAt: z.iso.datetime() })),
  },
});
