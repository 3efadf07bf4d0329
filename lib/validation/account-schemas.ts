import { z } from "zod";
import { email, identNumber, otpCode, password, personName, phone, requiredText } from "./fields";
import { isValidIdentNumber } from "./ident";
import { meetsPasswordRules } from "./password-rules";

// Account forms: the browser and the server check the same rules, with the same catalogue codes.

const newPassword = password.refine(meetsPasswordRules, "PASSWORD_RULES");

const confirmed = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: "PASSWORDS_MISMATCH", path: ["confirmPassword"] };

export const signupInput = z
  .object({
    organizationName: requiredText.pipe(z.string().min(3, "MIN_LENGTH").max(120, "VALIDATION_FAILED")),
    firstName: personName,
    lastName: personName,
    email,
    cellPhone: phone,
    country: z.string().regex(/^[A-Z]{2}$/, "EMPTY_FIELD"),
    identType: requiredText,
    identNumber,
    password: newPassword,
    confirmPassword: password,
  })
  .refine(confirmed, mismatch)
  .refine((v) => isValidIdentNumber(v.identType, v.identNumber), { message: "INVALID_IDENT_NUMBER", path: ["identNumber"] });

export const forgotInput = z.object({ email });
export const codeInput = z.object({ email, code: otpCode });
export const resetInput = z.object({ email, code: otpCode, password: newPassword, confirmPassword: password }).refine(confirmed, mismatch);
export const changePasswordInput = z
  .object({ oldPassword: password, password: newPassword, confirmPassword: password })
  .refine(confirmed, mismatch);
export const setPasswordInput = z
  .object({ code: z.string(), password: newPassword, confirmPassword: password })
  .refine(confirmed, mismatch);

export const profileInput = z.object({ firstName: personName, lastName: personName, cellPhone: phone });
