import { errorStatus, type ErrorCode } from "./codes";

export type ErrorMeta = Record<string, string | number | boolean | null | undefined>;

/** The one error type of the product: a code from the catalogue and what its message needs. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly meta: ErrorMeta;
  readonly status: number;

  constructor(code: ErrorCode, meta: ErrorMeta = {}) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.meta = meta;
    this.status = errorStatus[code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
