import { z } from "zod";
import { requiredText } from "@/lib/validation/fields";
import { lineText } from "@/lib/validation/text";
import { pinPattern } from "./pin";

// Validation links (/validations, spec §3 "Validation link", §5 "Validation link"): rules shared by the screen's
// form and the use cases; messages are catalogue codes.

const hexId = z.string({ error: "EMPTY_FIELD" }).regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED");

/** Spec §5: 'The PIN must have 4 digits'. */
export const pinInput = z.string({ error: "VALIDATION_PIN_FORMAT" }).trim().regex(pinPattern, "VALIDATION_PIN_FORMAT");

/** How far ahead a link may be set to expire. */
export const maxExpirationDays = 730;
export const maxUsesLimit = 100_000;

/** Spec §5: 'The expiration date must be correct': a real date (ISO 8601), in the future, within maxExpirationDays. */
export function expirationIssue(value: string, now = Date.now()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value)) return true;
  const time = Date.parse(value);
  return Number.isNaN(time) || time <= now || time > now + maxExpirationDays * 86_400_000;
}

const expirationDate = z
  .string({ error: "EMPTY_FIELD" })
  .trim()
  .min(1, "EMPTY_FIELD")
  .refine((value) => !expirationIssue(value), "VALIDATION_EXPIRATION_INVALID")
  .transform((value) => new Date(value));

/** User location (spec §3): not asked, asked (the person may refuse), or required to go on. */
export const userLocations = ["NONE", "ASK", "REQUIRED"] as const;
export type UserLocation = (typeof userLocations)[number];

const linkFields = {
  flowHexId: hexId,
  expirationDate,
  description: requiredText.pipe(z.string().max(500, "VALIDATION_FAILED")),
  maxUses: z
    .number({ error: "VALIDATION_FAILED" })
    .int("VALIDATION_FAILED")
    .min(1, "VALIDATION_FAILED")
    .max(maxUsesLimit, "VALIDATION_FAILED")
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  userLocation: z.enum(userLocations, { error: "VALIDATION_FAILED" }).default("NONE"),
};

export const createValidationLinkInput = z.object({ ...linkFields, pin: pinInput });
export type CreateValidationLinkInput = z.input<typeof createValidationLinkInput>;

/** An edit keeps the PIN when none is given (it is stored only as a hash, so the form cannot show it). */
export const updateValidationLinkInput = z.object({
  ...linkFields,
  pin: z.preprocess((v) => (v === "" ? undefined : v), pinInput.optional()),
});
export type UpdateValidationLinkInput = z.input<typeof updateValidationLinkInput>;

/**
 * The screen's form: the date as the datetime-local input gives it (local time, converted before sending), the
 * maximum uses as typed; an edit may leave the PIN empty to keep it.
 */
export function validationLinkFormSchema(editing: boolean) {
  return z.object({
    flowHexId: z.string().min(1, "EMPTY_FIELD"),
    expirationLocal: z
      .string()
      .min(1, "EMPTY_FIELD")
      .refine(
        (value) => !Number.isNaN(new Date(value).getTime()) && !expirationIssue(new Date(value).toISOString()),
        "VALIDATION_EXPIRATION_INVALID",
      ),
    description: requiredText.pipe(z.string().max(500, "VALIDATION_FAILED")),
    pin: editing
      ? z
          .string()
          .trim()
          .regex(/^(\d{4})?$/, "VALIDATION_PIN_FORMAT")
      : pinInput,
    maxUses: z
      .string()
      .trim()
      .regex(/^([1-9]\d{0,4}|100000)?$/, "VALIDATION_FAILED"),
    userLocation: z.enum(userLocations),
  });
}

export const loginValidationInput = z.object({ pin: pinInput });

export const listValidationLinksQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional(),
  search: lineText().trim().max(100).optional(),
});

/** Where a link stands, most decisive first: locked by wrong PINs, turned off, past its date, used up, or open. */
export const linkStates = ["LOCKED", "INACTIVE", "EXPIRED", "USED_UP", "ACTIVE"] as const;
export type LinkState = (typeof linkStates)[number];

export const validationLinkView = z.object({
  validationHexId: z.string(),
  /** The public address people open: /loginvalidation/{validationHexId}. */
  url: z.string(),
  flowHexId: z.string(),
  flowName: z.string(),
  description: z.string(),
  expirationDate: z.string().describe("ISO 8601"),
  active: z.boolean(),
  state: z.enum(linkStates),
  maxUses: z.number().nullable().describe("Null: no limit"),
  usesCount: z.number().describe("Processes started with a correct PIN"),
  userLocation: z.enum(userLocations),
  lockedAt: z.string().nullable().describe("Set when wrong PINs from many clients locked the link; activating it again unlocks it"),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ValidationLinkView = z.infer<typeof validationLinkView>;

export const validationLinkPage = z.object({
  _embedded: z.object({ validations: z.array(validationLinkView) }),
  page: z.object({ size: z.number(), totalElements: z.number(), totalPages: z.number(), number: z.number() }),
});
export type ValidationLinkPage = z.infer<typeof validationLinkPage>;

export const createdValidationLink = z.object({ validationHexId: z.string(), url: z.string() });

export const validationLoginAnswer = z.object({
  processHexId: z.string(),
  urlSign: z.string().describe("The process's secret: its pages' path segment and the X-Url-Sign header; shown once"),
  redirect: z.string().describe("The first page of the process"),
});
