import { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { resolveLocale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { requestLocale } from "./api";

/**
 * 400 VALIDATION_FAILED naming a request field the operation does not declare (a body field, a form field, a query
 * parameter), in the caller's language: a typo is refused, never taken as "not given".
 */
export function unknownFieldError(request: Request, field: string): AppError {
  const locale = request instanceof NextRequest ? requestLocale(request) : resolveLocale(undefined, request.headers.get("accept-language"));
  return new AppError("VALIDATION_FAILED", { field, message: translator(locale, "apiEndpoint")("unknownField", { field }) });
}
