import type { ZodError } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { errorStatus, type ErrorCode } from "@/lib/errors/codes";

/**
 * Schemas put a catalogue code in their messages (see fields.ts); the first issue becomes the
 * AppError, carrying the field's name so forms can mark it.
 */
export function zodToAppError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || undefined;
  const candidate = issue?.message;
  if (candidate && candidate in errorStatus) {
    const code = candidate as ErrorCode;
    return new AppError(code, code === "MIN_LENGTH" ? { field, min: 3 } : { field });
  }
  if (issue?.code === "invalid_type" && issue.input === undefined) return new AppError("EMPTY_FIELD", { field });
  return new AppError("VALIDATION_FAILED", { field });
}
