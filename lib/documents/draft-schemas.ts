import { z } from "zod";
import { lineText, multiLineText } from "@/lib/validation/text";
import { email, phone, requiredText } from "@/lib/validation/fields";
import { normalizePhone } from "@/lib/contacts/schemas";
import { callbackUrl } from "@/lib/callbacks/callback-url";
import { instantOf } from "@/lib/i18n/zoned-time";

// Draft shipment inputs shared by the preparation screen (browser) and the use cases (server).

const blankToNull = (value: unknown) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value);

function nullable<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankToNull, schema.nullable());
}

/**
 * A date and time as typed (datetime-local, "2026-11-30T18:00": meant on the organisation's clocks) or
 * an instant with its zone ("…Z", "…+01:00"). Kept as text: the use case reads it in the organisation's
 * zone (instantOf), so what was typed is what is shown and mailed.
 */
function dateTimeText(error: string) {
  return z.preprocess(
    (value) => (value instanceof Date ? value.toISOString() : value),
    z
      .string({ error })
      .trim()
      .refine((value) => !Number.isNaN(instantOf(value, "UTC").getTime()), error),
  );
}

const hexId = z.string().regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED");

const signerName = requiredText.pipe(
  z
    .string()
    .max(80, "VALIDATION_FAILED")
    .regex(/^[\p{L}\p{M}' .-]+$/u, "INVALID_CHARACTER"),
);

export const draftDataInput = z.object({
  title: lineText().trim().max(200, "VALIDATION_FAILED").default(""),
  description: nullable(multiLineText().trim().max(2000, "VALIDATION_FAILED")),
  expirationDate: nullable(dateTimeText("SHIPMENT_EXPIRATION_INVALID")),
  flowHexId: nullable(hexId),
  tags: z.array(lineText().trim().min(1, "EMPTY_FIELD").max(40, "VALIDATION_FAILED")).max(20, "VALIDATION_FAILED").default([]),
  // POSTed (HMAC-signed) when the shipment completes, and when it is rejected or expires (lib/callbacks).
  callBackUrl: nullable(callbackUrl),
  callBackUrlSoftFail: nullable(callbackUrl),
});
export type DraftDataInput = z.input<typeof draftDataInput>;

const signerCommon = {
  position: z.coerce.number().int("VALIDATION_FAILED").min(1, "VALIDATION_FAILED").max(50, "VALIDATION_FAILED"),
  mandatory: z.boolean().default(true),
  canReject: z.boolean().default(true),
};

/** A contact signs with the contact's names, language and favourite channel, copied when the draft is saved. */
export const contactSignerInput = z.object({ contactHexId: hexId, ...signerCommon });

export const newSignerInput = z
  .object({
    firstName: signerName,
    lastName: signerName,
    email: nullable(email),
    cellPhone: nullable(z.preprocess((v) => (typeof v === "string" ? normalizePhone(v) : v), phone)),
    preferredLanguage: z.enum(["es-es", "en-us"]).default("es-es"),
    ...signerCommon,
  })
  .refine((s) => s.email !== null || s.cellPhone !== null, { message: "EMAIL_OR_PHONE_REQUIRED", path: ["email"] });

export const signerInput = z.union([contactSignerInput, newSignerInput]);
export type SignerInput = z.input<typeof signerInput>;

export const setSignersInput = z.object({
  signers: z.array(signerInput).max(100, "VALIDATION_FAILED"),
  orders: z.array(
    z.object({
      position: signerCommon.position,
      minSigners: z.coerce
        .number({ error: "SHIPMENT_MIN_SIGNERS_INVALID" })
        .int("SHIPMENT_MIN_SIGNERS_INVALID")
        .max(100, "SHIPMENT_MIN_SIGNERS_INVALID"),
    }),
  ),
});
export type SetSignersInput = z.input<typeof setSignersInput>;

export const setNotificationsInput = z.object({
  notifications: z.array(z.object({ sendAt: dateTimeText("SHIPMENT_NOTIFICATION_DATE_INVALID") })).max(10, "VALIDATION_FAILED"),
});
export type SetNotificationsInput = z.input<typeof setNotificationsInput>;
