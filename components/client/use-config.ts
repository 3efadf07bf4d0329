"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { useApi } from "./use-api";
import { notifyError } from "./notify";

/**
 * A server configuration value (default_idle_timeout, default_page_size...). Spec §8: a failed
 * config load shows the generic 'Error' notice; the caller keeps working with its fallback.
 */
export function useConfigValue(name: string, fallback: string): string {
  const api = useApi();
  const t = useTranslations("errors");
  const [value, setValue] = useState(fallback);
  useEffect(() => {
    let current = true;
    void api<{ value: string }>(`/api/configs/search/findOneByName?configName=${encodeURIComponent(name)}`).then((result) => {
      if (!current) return;
      if (result.ok) setValue(result.data.value);
      else notifyError(t("CONFIG_LOAD_ERROR"));
    });
    return () => {
      current = false;
    };
  }, [api, name, t]);
  return value;
}
