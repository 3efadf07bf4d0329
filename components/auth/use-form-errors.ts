"use client";

import { useTranslations } from "next-intl";
import type { FieldError } from "react-hook-form";

/** Form schemas carry catalogue codes as messages; this turns one into the user's language. */
export function useFieldError() {
  const t = useTranslations("errors");
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    const code = error.message;
    return t.has(code) ? t(code, { min: 3, seconds: 0 }) : t("VALIDATION_FAILED");
  };
}
