import type { ZodError } from "zod";
import { AppError, type ErrorMeta, type FieldProblem } from "@/lib/errors/app-error";
import { errorStatus, type ErrorCode } from "@/lib/errors/codes";

type Issue = ZodError["issues"][number];

/** One issue as a catalogue code and what its message needs. */
function problem(issue: Issue): { code: ErrorCode; meta: ErrorMeta } {
  const field = issue.path.join(".") || undefined;
  const candidate = issue.message;
  if (candidate && candidate in errorStatus) {
    const code = candidate as ErrorCode;
    return { code, meta: code === "MIN_LENGTH" ? { field, min: 3 } : { field } };
  }
  if (issue.code === "invalid_type" && issue.input === undefined) return { code: "EMPTY_FIELD", meta: { field } };
  return { code: "VALIDATION_FAILED", meta: { field } };
}

/**
 * Schemas put a catalogue code in their messages (see fields.ts); the first issue becomes the
 * AppError, carrying the field's name so forms can mark it, and every field at fault is listed in
 * `fields` (the first issue of each), so an integrator sees all of them at once.
 */
export function zodToAppError(error: ZodError): AppError {
  const first = error.issues[0];
  const { code, meta } = first ? problem(first) : { code: "VALIDATION_FAILED" as const, meta: {} };
  const fields = new Map<string, FieldProblem>();
  for (const issue of error.issues) {
    const found = problem(issue);
    const field = found.meta.field;
    if (typeof field === "string" && !fields.has(field)) fields.set(field, { field, code: found.code, meta: found.meta });
  }
  return new AppError(code, meta, [...fields.values()]);
}
