import { z } from "zod";
import { pagedListQuery } from "@/lib/validation/page-query";
import { email, identNumber, phone, requiredText } from "@/lib/validation/fields";
import { isValidIdentNumber } from "@/lib/validation/ident";

// Contact rules shared by the contact forms (browser) and the use cases (server); messages are catalogue codes.

export const channelTypes = ["EMAIL", "SMS"] as const;
export type ChannelTypeName = (typeof channelTypes)[number];

export const contactLanguages = ["es-es", "en-us"] as const;

// Contacts are people met outside the product: two-letter surnames (Li, Wu) are real, so no minimum length.
const contactName = requiredText.pipe(
  z
    .string()
    .max(80, "VALIDATION_FAILED")
    .regex(/^[\p{L}\p{M}' .-]+$/u, "INVALID_CHARACTER"),
);

const blankToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

/** Forms send "" for an empty optional field; the API may send null or leave it out. All mean "none". */
function optional<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankToUndefined, schema.optional());
}

/** Spaces, dots, dashes and brackets are how people write phones; E.164 has none of them. */
export function normalizePhone(value: string): string {
  return value.trim().replace(/[\s().-]/g, "");
}

export function normalizeChannelValue(type: ChannelTypeName, value: string): string {
  return type === "EMAIL" ? value.trim().toLowerCase() : normalizePhone(value);
}

export function isValidChannelValue(type: ChannelTypeName, value: string): boolean {
  return (type === "EMAIL" ? email : phone).safeParse(value).success;
}

const contactPhone = z.preprocess((value) => (typeof value === "string" ? normalizePhone(value) : value), phone);

const contactFields = z.object({
  name: contactName,
  lastName: contactName,
  country: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "VALIDATION_FAILED"),
  ),
  identType: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z_]{2,20}$/, "VALIDATION_FAILED"),
  ),
  identNumber: optional(identNumber),
  fingerprintCode: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "INVALID_CHARACTER"),
  ),
  preferredLanguage: z.preprocess(blankToUndefined, z.enum(contactLanguages, { error: "VALIDATION_FAILED" }).default("es-es")),
});

type IdentFields = { identType?: string; identNumber?: string };

/** An identification is a type and a number together, and the number must fit the type. */
function checkIdent(value: IdentFields, ctx: z.RefinementCtx) {
  if (value.identNumber && !value.identType) ctx.addIssue({ code: "custom", message: "EMPTY_FIELD", path: ["identType"] });
  else if (value.identType && !value.identNumber) ctx.addIssue({ code: "custom", message: "EMPTY_FIELD", path: ["identNumber"] });
  else if (value.identType && value.identNumber && !isValidIdentNumber(value.identType, value.identNumber)) {
    ctx.addIssue({ code: "custom", message: "INVALID_IDENT_NUMBER", path: ["identNumber"] });
  }
}

/** Creating a contact: its data, and an e-mail and/or a phone that become its first channels. */
export const createContactInput = contactFields
  .extend({ email: optional(email), phone: optional(contactPhone) })
  .superRefine((value, ctx) => {
    checkIdent(value, ctx);
    if (!value.email && !value.phone) ctx.addIssue({ code: "custom", message: "EMAIL_OR_PHONE_REQUIRED", path: ["email"] });
  });
export type CreateContactInput = z.output<typeof createContactInput>;

/** Editing a contact's data; its channels are edited one by one. */
export const updateContactInput = contactFields.superRefine(checkIdent);
export type UpdateContactInput = z.output<typeof updateContactInput>;

const missing = (input: unknown) => input === undefined || input === null || input === "";

/** Spec §5 channels: type and value are required, and the value must be a valid e-mail or phone for its type. */
export const channelInput = z
  .object({
    type: z.enum(channelTypes, { error: (issue) => (missing(issue.input) ? "CONTACT_CHANNEL_REQUIRED" : "VALIDATION_FAILED") }),
    value: z.string({ error: "CONTACT_CHANNEL_REQUIRED" }).trim().min(1, "CONTACT_CHANNEL_REQUIRED"),
    favorite: z.boolean({ error: "VALIDATION_FAILED" }).optional(),
  })
  .transform((input, ctx) => {
    const value = normalizeChannelValue(input.type, input.value);
    if (!isValidChannelValue(input.type, value)) {
      ctx.addIssue({ code: "custom", message: "CONTACT_CHANNEL_FORMAT", path: ["value"] });
      return z.NEVER;
    }
    return { ...input, value };
  });
export type ChannelInput = z.output<typeof channelInput>;

/** A contact's own fields, as the form names them and as contact files head their columns. */
export const contactColumns = [
  "name",
  "lastName",
  "country",
  "identType",
  "identNumber",
  "fingerprintCode",
  "email",
  "phone",
  "preferredLanguage",
] as const;

export const contactSortFields = ["name", "lastName", "identNumber", "createdAt"] as const;
export type ContactSortField = (typeof contactSortFields)[number];

/** List query: Spring-style page, size and `sort=field,direction`, plus a free-text search. */
export const listContactsQuery = pagedListQuery(contactSortFields, "lastName");

/** An import file: small enough to check every row in one request and import them in one transaction. */
export const importLimits = { maxBytes: 2 * 1024 * 1024, maxRows: 2000 };
