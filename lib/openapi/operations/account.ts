import { rateLimits } from "@/lib/security/rate-limits";
import { z } from "zod";
import { answer, created } from "../registry";
import { operationGroup } from "./common";
import { deactivateInput, methodParam, mfaMethodTypes } from "@/lib/auth/mfa-methods";
import { listSchema } from "@/lib/http/list-page";
import { locales } from "@/lib/i18n/config";
import {
  changePasswordInput,
  codeInput,
  forgotInput,
  profileInput,
  resetInput,
  setPasswordInput,
  signupInput,
} from "@/lib/validation/account-schemas";
import { otpCode } from "@/lib/validation/fields";

// The signed-in person's own account and session, and the public account pages (sign-up, password recovery,
// e-mail validation, unlock). Portal calls: integrators do not need them, and API keys are refused.

const ok = z.object({ result: z.literal(1) });
const methodPath = z.object({ type: methodParam.describe("TOTP, EMAIL or SMS") });
const staff = { kind: "staff" } as const;
const duringActivation = ["full", "mfa-activation"] as const;
const tokenAnswer = z.object({ result: z.literal(1), token: z.string(), expiresAt: z.iso.datetime() });
const methodType = z.enum(mfaMethodTypes);
const mfaMethod = z.object({
  type: methodType,
  active: z.boolean(),
  favorite: z.boolean().describe("Asked first at sign-in"),
  requiredByOrganization: z.boolean().describe("The organisation requires this method: it cannot be removed"),
  target: z.string().nullable().describe("Where codes go, masked (e-mail and SMS); null for TOTP"),
});
/** What a public account page's call answers: result 1 and the account's e-mail, for the page to show. */
const accountEmail = z.object({ result: z.literal(1), email: z.string() });

export const accountOperations = operationGroup(
  "Account",
  "token",
)({
  getSession: {
    method: "get",
    path: "/api/session",
    requires: staff,
    tenancy: "self",
    summary: "Heartbeat of an active portal tab: keeps the session from idling out and reports its expiry",
    responses: answer("The session's expiry", z.object({ exp: z.number(), nearExpiry: z.boolean() })),
  },
  updateProfile: {
    method: "post",
    path: "/api/profile",
    requires: staff,
    tenancy: "self",
    summary: "Change one's own name and phone",
    body: { schema: profileInput, component: "ProfileInput" },
    responses: answer("The profile as saved", z.object({ firstName: z.string(), lastName: z.string(), cellPhone: z.string().nullable() })),
    errors: [409],
  },
  changePassword: {
    method: "post",
    path: "/api/password/change",
    rateLimits: [rateLimits.changePassword],
    requires: staff,
    contextOptions: { duringForcedPasswordChange: true },
    tenancy: "self",
    summary: "Change one's own password; answers a new token",
    description: "Also when a password change is forced (PASSWORD_CHANGE_REQUIRED).",
    body: { schema: changePasswordInput, component: "ChangePasswordInput" },
    responses: answer("Changed", tokenAnswer),
    errors: [429],
  },
  setLocale: {
    method: "post",
    path: "/api/locale",
    auth: "optional",
    tenancy: "self",
    summary: "The language switcher: a cookie for everyone, and the signed-in user's stored preference",
    body: { schema: z.object({ locale: z.enum(locales) }) },
    responses: answer("The language chosen", z.object({ locale: z.enum(locales) })),
  },
  logout: {
    method: "post",
    path: "/api/logout",
    auth: "public",
    authenticatesItself: true,
    tenancy: "self",
    summary: "End the session of the token sent (a missing or dead token ends nothing and answers the same)",
    responses: answer("Signed out", ok),
  },
  listMfaMethods: {
    method: "get",
    path: "/api/mfa/methods",
    requires: staff,
    stages: duringActivation,
    tenancy: "self",
    summary: "One's own second-factor methods",
    responses: answer(
      "Every method (TOTP, EMAIL, SMS), active or not, as the one page of `_embedded.methods`",
      listSchema("methods", mfaMethod),
    ),
  },
  deactivateMfaMethod: {
    method: "delete",
    path: "/api/mfa/methods/{type}",
    rateLimits: [rateLimits.mfaDeactivate],
    requires: staff,
    tenancy: "self",
    summary: "Remove one of one's own second-factor methods, confirming with the password",
    pathParams: methodPath,
    body: { schema: deactivateInput },
    responses: answer("Removed", ok),
    errors: [409],
  },
  startMfaActivation: {
    method: "post",
    path: "/api/mfa/methods/{type}/activate",
    rateLimits: [rateLimits.mfaSendBurst, rateLimits.mfaSendHour],
    requires: staff,
    stages: duringActivation,
    tenancy: "self",
    summary: "Start enrolling a second-factor method (a TOTP secret, or a code sent by e-mail or SMS)",
    pathParams: methodPath,
    responses: answer(
      "What the enrolment screen shows: for TOTP the new secret, its otpauth URI and a QR image; for e-mail and SMS only the type (the code went out)",
      z.object({
        type: methodType,
        secret: z.string().optional().describe("TOTP: the base32 secret"),
        uri: z.string().optional().describe("TOTP: the otpauth:// URI"),
        qr: z.string().optional().describe("TOTP: the URI as a PNG data URL"),
      }),
    ),
    errors: [409, 429],
  },
  confirmMfaActivation: {
    method: "post",
    path: "/api/mfa/methods/{type}/confirm",
    rateLimits: [rateLimits.mfaActivate],
    requires: staff,
    stages: duringActivation,
    tenancy: "self",
    summary: "Confirm a method with its first code; during a sign-in's enrolment, answers the full token",
    pathParams: methodPath,
    body: { schema: z.object({ code: otpCode }) },
    responses: answer(
      "Confirmed (with a token when the enrolment completes a sign-in)",
      z.object({
        activated: z.literal(true),
        token: z.string().optional().describe("The full session token, when this enrolment completes a sign-in"),
        expiresAt: z.iso.datetime().optional(),
      }),
    ),
    errors: [409, 429],
  },
  setFavoriteMfaMethod: {
    method: "post",
    path: "/api/mfa/methods/{type}/favorite",
    requires: staff,
    tenancy: "self",
    summary: "The method asked first at sign-in",
    pathParams: methodPath,
    responses: answer("Set", ok),
    errors: [409],
  },
  switchMfaMethod: {
    method: "post",
    path: "/api/mfa/send-code",
    idempotent: true,
    rateLimits: [rateLimits.mfaSendBurst, rateLimits.mfaSendHour],
    authenticatesItself: true,
    tenancy: "self",
    summary: "During a pending sign-in: use another active method, sending its code",
    description: "Call with the pre-authentication token from /api/authenticate as Bearer.",
    body: { schema: z.object({ method: methodParam }) },
    responses: answer(
      "The method now asked",
      z.object({ mfaMethodRequired: methodType, available: z.array(methodType).describe("The user's active methods") }),
    ),
    errors: [409, 429],
  },
});

export const publicAccountOperations = operationGroup(
  "Account",
  "public",
)({
  signup: {
    method: "post",
    path: "/api/signup",
    idempotent: true,
    idempotencyScope: "client",
    rateLimits: [rateLimits.signupIp],
    tenancy: "public",
    summary: "Create an organisation and its first administrator, who validates their e-mail before signing in",
    body: { schema: signupInput, component: "SignupInput" },
    responses: created(z.object({ result: z.literal(1), userHexId: z.string().describe("The new administrator's hexId") })),
    errors: [409, 429],
  },
  validateEmail: {
    method: "post",
    path: "/api/user-validate/{codigo}",
    tenancy: "public",
    summary: "Validate the e-mail of a new account with the code mailed to it",
    pathParams: z.object({ codigo: z.string().describe("The code from the e-mail") }),
    responses: answer("Validated", accountEmail),
  },
  unlockUser: {
    method: "post",
    path: "/api/unlock/{codigo}",
    tenancy: "public",
    summary: "Unlock a user blocked by failed sign-ins with the code mailed to them",
    pathParams: z.object({ codigo: z.string().describe("The code from the e-mail") }),
    responses: answer("Unlocked", accountEmail),
  },
  requestPasswordReset: {
    method: "post",
    path: "/api/password/forgot",
    idempotent: true,
    idempotencyScope: "client",
    rateLimits: [rateLimits.forgotIp, rateLimits.forgotUser],
    tenancy: "public",
    summary: "Mail a password reset code to a user's e-mail (404 MAIL_NOT_EXISTS for an unknown one)",
    body: { schema: forgotInput },
    responses: answer("Requested", ok),
    errors: [404, 429],
  },
  checkPasswordResetCode: {
    method: "post",
    path: "/api/password/code",
    rateLimits: [rateLimits.resetCodeIp],
    tenancy: "public",
    summary: "Check a password reset code before asking for the new password",
    body: { schema: codeInput },
    responses: answer("The code is valid", z.object({ result: z.literal(1), valid: z.literal(true) })),
  },
  resetPassword: {
    method: "post",
    path: "/api/password/reset",
    tenancy: "public",
    summary: "Choose a new password with a reset code",
    body: { schema: resetInput },
    responses: answer("Changed", ok),
    errors: [429],
  },
  setInitialPassword: {
    method: "post",
    path: "/api/password/set/{propUserId}",
    tenancy: "public",
    summary: "An invited user chooses their first password with the invitation's code",
    pathParams: z.object({
      propUserId: z
        .string()
        .describe("The invited user's userHexId, from the invitation link /SetPass/{propUserId} (spec §2 names the segment propUserId)"),
    }),
    body: { schema: setPasswordInput },
    responses: answer("Set", accountEmail),
    errors: [429],
  },
});
