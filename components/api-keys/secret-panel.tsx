"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { notifyError, notifySuccess } from "@/components/client/notify";

/**
 * The full key, shown once after creating or rotating it. Nothing keeps it: leaving the page
 * loses it for good. When the clipboard refuses (spec §8 "API key copy error") the key stays
 * selectable in the field.
 */
export function SecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useTranslations("apiKeys");

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      notifySuccess(t("copied"));
    } catch {
      notifyError(t("copyError"));
    }
  }

  return (
    <Card title={t("secretTitle")}>
      <div className="space-y-4" data-testid="api-key-secret-panel">
        <Alert tone="info">{t("secretNotice")}</Alert>
        <label className="block space-y-1">
          <span className="block text-sm font-medium text-slate-700">{t("secretLabel")}</span>
          <input
            readOnly
            value={secret}
            data-testid="api-key-secret"
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
          />
        </label>
        <p className="text-xs text-slate-500">{t("usage")}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={copy} data-testid="api-key-copy">
            {t("copy")}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone} data-testid="api-key-secret-done">
            {t("secretDone")}
          </Button>
        </div>
      </div>
    </Card>
  );
}
