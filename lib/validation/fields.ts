import { z } from "zod";
import { lineText } from "./text";

// Field schemas shared by forms (client) and handlers (server); their messages are catalogue codes.

const nameCharacters = /^[\p{L}\p{M}' .-]+$/u;

export const requiredText = lineText({ error: "EMPTY_FIELD" }).trim().min(1, "EMPTY_FIELD");

export const personName = requiredText.pipe(
  z.string().min(3, "MIN_LENGTH").max(80, "VALIDATION_FAILED").regex(nameCharacters, "INVALID_CHARACTER"),
);

export const email = requiredText.pipe(z.string().max(254, "INVALID_EMAIL").email("INVALID_EMAIL")).transform((v) => v.toLowerCase());

/** E.164: a plus sign and 8 to 15 digits. */
export const phone = requiredText.pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, "INVALID_PHONE"));

/** Letters and digits, 5 to 20 characters; country rules refine it where the type is known. */
export const identNumber = requiredText
  .pipe(z.string().regex(/^[A-Za-z0-9]{5,20}$/, "INVALID_IDENT_NUMBER"))
  .transform((v) => v.toUpperCase());

export const password = z.string({ error: "PASSWORD_EMPTY" }).min(1, "PASSWORD_EMPTY");

export const otpCode = requiredText.pipe(z.string().regex(/^\d{6}$/, "MFA_CODE_MISMATCH"));
