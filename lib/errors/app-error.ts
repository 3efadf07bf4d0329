import { errorStatus, type ErrorCode } from "./codes";

export type ErrorMeta = Record<string, string | number | boolean | null | undefined>;

/** One field at fault in a request, with its own catalogue code. */
export type FieldProblem = { field: string; code: ErrorCode; meta?: ErrorMeta };

/**
 * The one error type of the product: a code from the catalogue and what its message needs; `fields` lists every
 * field at fault when a request fails validation on several.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly meta: ErrorMeta;
  readonly status: number;
  readonly fields: readonly FieldProblem[];

  constructor(code: ErrorCode, meta: ErrorMeta = {}, fields: readonly FieldProblem[] = []) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.meta = meta;
    this.status = errorStatus[code];
    this.fields = fields;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
