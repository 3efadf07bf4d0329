import { z } from "zod";
import { answer, created } from "../registry";
import { createUserInput, listUsersQuery, updateUserInput, userPage, userView } from "@/lib/users/schemas";
import { hexIdPath, operationGroup } from "./common";

const user = { schema: userView, component: "User" };
const userPath = hexIdPath("userHexId", "The user's hexId");
const manageable =
  "API users (hasApi) are managed in /api-management and answer 409 USER_IS_API_USER; a user whose role grants more than the caller holds, or a platform administrator (unless the caller is one), answers 403.";
const action = (path: string, summary: string, description: string, action: "UPDATE" | "CREATE" = "UPDATE") => ({
  method: "post" as const,
  path: `/api/users/{userHexId}/${path}`,
  requires: { kind: "privilege" as const, module: "USUARIO" as const, action },
  tenancy: "organization" as const,
  summary,
  description: `${description} ${manageable}`,
  pathParams: userPath,
  responses: answer("The user as changed", user),
  errors: [409],
});

export const userOperations = operationGroup(
  "Users",
  "tokenOrApiKey",
)({
  listUsers: {
    method: "get",
    path: "/api/users",
    requires: { kind: "privilege", module: "USUARIO", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's users, one page, searched and sorted",
    description:
      "Every word of `search` must appear in the first name, last name, e-mail or phone. `sort=field,direction` with lastName, firstName, email, createdAt or lastLoginAt; `hasApi=false` leaves out integrators' API users.",
    query: listUsersQuery,
    responses: answer("A page of users under _embedded.users", userPage),
  },
  inviteUser: {
    method: "post",
    path: "/api/users",
    idempotent: true,
    requires: { kind: "privilege", module: "USUARIO", action: "CREATE" },
    tenancy: "organization",
    summary: "Invite a user: the account is created without a password and a /SetPass link is mailed",
    description:
      "E-mail and phone must be free across the platform (409 EMAIL_IN_USE / PHONE_IN_USE). At most one role (a user has one); roles and groups must be the organisation's, and the role may grant nothing the caller lacks (403).",
    body: { schema: createUserInput, component: "CreateUserInput" },
    responses: created(z.object({ userHexId: z.string() }), "Invited"),
    errors: [409],
  },
  updateUser: {
    method: "put",
    path: "/api/users/{userHexId}",
    requires: { kind: "privilege", module: "USUARIO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Edit a user's name, e-mail, phone, role and groups",
    description: `Same rules as the invitation. The groups given replace the user's groups. Tokens carry the role's authorities, so a changed role ends the user's live sessions (they sign in again with the new one). ${manageable}`,
    pathParams: userPath,
    body: { schema: updateUserInput, component: "UpdateUserInput" },
    responses: answer("The user as saved", user),
    errors: [409],
  },
  disableUser: action(
    "disable",
    "Disable a user",
    "Their live sessions end at once: every token they hold answers 401. Nobody disables themselves (409 USER_DISABLE_SELF).",
  ),
  enableUser: action("enable", "Enable a user again", "They can sign in again."),
  resetUserMfa: action(
    "reset-mfa",
    "Remove a user's second-factor methods",
    "Their next sign-in enrols a method again, as a new user's does.",
  ),
  forceUserPasswordChange: action(
    "force-password-change",
    "Make a user change their password before anything else",
    "Their next call, even with a live token, answers 403 PASSWORD_CHANGE_REQUIRED until they change it.",
  ),
  resendUserInvitation: {
    ...action(
      "resend-invitation",
      "Mail a new /SetPass link to a user who has not chosen a password yet",
      "The new link replaces the previous one. A user who already has a password answers 409 USER_NOT_INVITED.",
      "CREATE",
    ),
    idempotent: true,
  },
});
