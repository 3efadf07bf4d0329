"use client";

import { useCallback } from "react";
import { useLocale, useTranslations } from "next-intl";
import { callApi, type ApiResult } from "./api-client";

export function useApi() {
  const t = useTranslations("errors");
  const locale = useLocale();
  return useCallback(
    <T>(path: string, options: { method?: string; body?: unknown; token?: string | null } = {}): Promise<ApiResult<T>> =>
      callApi<T>(path, { ...options, locale, connectionLostMessage: t("CONNECTION_LOST") }),
    [t, locale],
  );
}
