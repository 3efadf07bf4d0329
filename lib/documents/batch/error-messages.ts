import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import type { BatchRowError } from "./plan";

export type BatchRowErrorView = Omit<BatchRowError, "meta"> & { message: string };

/** Each row error with its message in the caller's language; the message's values stay out of the answer. */
export function localizeBatchErrors(errors: readonly BatchRowError[], locale: Locale): BatchRowErrorView[] {
  const t = translator(locale, "errors");
  return errors.map(({ meta, ...error }) => ({ ...error, message: t(error.errorCode, meta) }));
}
