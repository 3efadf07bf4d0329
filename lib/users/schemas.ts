import { z } from "zod";
import { pagedListQuery } from "@/lib/validation/page-query";
import { email, personName, phone } from "@/lib/validation/fields";

// User administration (/users): rules shared by the screen's forms and the use cases; messages are catalogue codes.

export const userSortFields = ["lastName", "firstName", "email", "createdAt", "lastLoginAt"] as const;
export type UserSortField = (typeof userSortFields)[number];

const hexId = z.string().regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED");

/** Spaces, dots, dashes and brackets are how people write phones; E.164 has none of them. */
const userPhone = z.preprocess((value) => (typeof value === "string" ? value.trim().replace(/[\s().-]/g, "") : value), phone);

const userFields = z.object({
  firstName: personName,
  lastName: personName,
  email,
  cellPhone: userPhone,
  // A user has one role (its privileges become the token's authorities); the list keeps the API open to more.
  roleHexIds: z.array(hexId).max(1, "VALIDATION_FAILED").default([]),
  groupHexIds: z
    .array(hexId)
    .max(100, "VALIDATION_FAILED")
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

export const createUserInput = userFields;
export type CreateUserInput = z.infer<typeof createUserInput>;

export const updateUserInput = userFields;
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** The screen's form: one role picker ("" for none) and group checkboxes, sent as roleHexIds and groupHexIds. */
export const userFormInput = userFields.omit({ roleHexIds: true, groupHexIds: true }).extend({
  roleHexId: z.string(),
  // A lone checkbox reads as its value or false rather than a list.
  groupHexIds: z.preprocess((v) => (Array.isArray(v) ? v : typeof v === "string" ? [v] : []), z.array(z.string())),
});

export const listUsersQuery = pagedListQuery(userSortFields, "lastName").extend({
  /** "true": API users only; "false": people only; absent: both. */
  hasApi: z.enum(["true", "false"]).optional(),
});

const roleRef = z.object({ roleHexId: z.string(), name: z.string() });
const groupRef = z.object({ groupHexId: z.string(), name: z.string() });

export const userView = z.object({
  userHexId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  cellPhone: z.string().nullable(),
  enabled: z.boolean(),
  /** Forced password change at the next call (spec §6 changePassword). */
  changePassword: z.boolean(),
  /** An integrator's API user (spec §6 hasApi), managed in /api-management. */
  hasApi: z.boolean(),
  platformAdmin: z.boolean(),
  /** Blocked after too many failed sign-ins. */
  locked: z.boolean(),
  /** Invited and the first password not chosen yet. */
  invitationPending: z.boolean(),
  mfaMethods: z.array(z.string()).describe("The second-factor methods the user has active"),
  roles: z.array(roleRef).describe("At most one: a user has one role"),
  groups: z.array(groupRef),
  lastLoginAt: z.string().nullable().describe("ISO 8601"),
  createdAt: z.string().describe("ISO 8601"),
});
export type UserView = z.infer<typeof userView>;

export const userPage = z.object({
  _embedded: z.object({ users: z.array(userView) }),
  page: z.object({ size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int(), number: z.number().int() }),
});
export type UserPage = z.infer<typeof userPage>;
