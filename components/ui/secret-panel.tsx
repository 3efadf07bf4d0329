"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { notifyError, notifySuccess } from "@/components/client/notify";

/**
 * A secret shown once, after creating or rotating it (an API key, a webhook's or the callback signing secret). Nothing
 * keeps it: leaving the page loses it for good. When the clipboard refuses (spec §8 "API key copy error") the secret
 * stays selectable in the field. Its texts come from the given namespace (secretNotice, secretLabel, copy, copied,
 * copyError, secretDone); the title and the hint below the field are the caller's.
 */
export function SecretPanel({
  namespace,
  title,
  hint,
  secret,
  testIds,
  onDone,
}: {
  namespace: "apiKeys" | "webhooks";
  title: string;
  hint: string;
  secret: string;
  testIds: { panel: string; secret: string; copy: string; done: string };
  onDone: () => void;
}) {
  const t = useTranslations(namespace);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      notifySuccess(t("copied"));
    } catch {
      notifyError(t("copyError"));
    }
  }

  return (
    <Card title={title}>
      <div className="space-y-4" data-testid={testIds.panel}>
        <Alert tone="info">{t("secretNotice")}</Alert>
        <label className="block space-y-1">
          <span className="block text-sm font-medium text-slate-700">{t("secretLabel")}</span>
          <input
            readOnly
            value={secret}
            data-testid={testIds.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
          />
        </label>
        <p className="text-xs text-slate-500">{hint}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={copy} data-testid={testIds.copy}>
            {t("copy")}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone} data-testid={testIds.done}>
            {t("secretDone")}
          </Button>
        </div>
      </div>
    </Card>
  );
}
