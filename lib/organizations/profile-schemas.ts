import { z } from "zod";
import { lineText } from "@/lib/validation/text";
import { email, phone, requiredText } from "@/lib/validation/fields";

// The organisation profile's rules, shared by the /info-organization form (browser) and the use case
// (server); messages are catalogue codes.

export const profileLanguages = ["es-es", "en-us"] as const;

/** The spec's green gradient (configDefaults.ui_sign_color). */
export const defaultColours = { primary: "#0f766e", secondary: "#14b8a6" } as const;

/** #rgb or #rrggbb: what a colour input and CSS agree on. */
export const hexColour = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A zone the runtime knows by its IANA name (Europe/Madrid, America/Bogota, UTC). */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

const blankToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

const colour = requiredText.pipe(z.string().regex(hexColour, "ORG_COLOR_INVALID")).transform((v) => v.toLowerCase());

export const updateProfileInput = z.object({
  name: requiredText.pipe(z.string().min(2, "MIN_LENGTH").max(120, "VALIDATION_FAILED")),
  primaryColor: colour.describe("#rrggbb (or #rgb): buttons, headers and the portal's menu"),
  secondaryColor: colour.describe("#rrggbb (or #rgb): the second colour of the gradient"),
  timezone: requiredText
    .pipe(z.string().max(64, "ORG_TIMEZONE_INVALID").refine(isValidTimeZone, "ORG_TIMEZONE_INVALID"))
    // Stored by its canonical name (europe/madrid → Europe/Madrid).
    .transform((v) => new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone)
    .describe("IANA time zone, e.g. Europe/Madrid"),
  defaultLanguage: z.enum(profileLanguages, { error: "VALIDATION_FAILED" }),
  contactEmail: optional(email),
  contactPhone: optional(z.preprocess((v) => (typeof v === "string" ? v.trim().replace(/[\s().-]/g, "") : v), phone)),
  address: optional(lineText().trim().max(300, "VALIDATION_FAILED")),
  website: optional(
    lineText()
      .trim()
      .max(300, "VALIDATION_FAILED")
      .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v), "VALIDATION_FAILED"),
  ),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** Largest logo accepted before it is re-encoded, and the box it is fitted into. */
export const logoLimits = { maxBytes: 2 * 1024 * 1024, maxSide: 512 } as const;
/** Largest PKCS#12 file accepted (a certificate chain with its key is a few KB). */
export const sealCertificateLimits = { maxBytes: 64 * 1024, expiringSoonDays: 30 } as const;
