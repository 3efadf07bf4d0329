"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { callApi } from "@/components/client/api-client";

const options = [
  { locale: "es-es", label: "Español" },
  { locale: "en-us", label: "English" },
] as const;

/** Always at hand: stores the choice in a cookie and, when signed in, in the user's profile. */
export function LocaleSwitcher() {
  const locale = useLocale();
  const t = useTranslations("common");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span className="sr-only">{t("language")}</span>
      <select
        data-testid="locale-switcher"
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(async () => {
            await callApi("/api/locale", { body: { locale: next } });
            router.refresh();
          });
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {options.map((o) => (
          <option key={o.locale} value={o.locale}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
