"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { useApi } from "@/components/client/use-api";
import type { NotificationChannel, NotificationEvent } from "@/lib/notifications/events";
import type { PreviewView } from "@/lib/notifications/schemas";

type Props = { event: NotificationEvent; channel: NotificationChannel; language: string; subject: string; body: string };

/**
 * The template as the recipient would get it, rendered by the server with sample data (the same
 * renderer the senders use) a moment after typing stops. The mail's HTML is shown in a sandboxed
 * frame: no script, no form, no navigation from it.
 */
export function TemplatePreview({ event, channel, language, subject, body }: Props) {
  const t = useTranslations("notificationSettings");
  const api = useApi();
  const [preview, setPreview] = useState<PreviewView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(async () => {
      const result = await api<PreviewView>("/api/notifications/preview", {
        method: "POST",
        body: { event, channel, language, body, ...(channel === "EMAIL" ? { subject } : {}) },
      });
      if (!current) return;
      if (result.ok) {
        setPreview(result.data);
        setError(null);
      } else setError(result.error.message);
    }, 300);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [api, event, channel, language, subject, body]);

  return (
    <section className="space-y-2" aria-live="polite" data-testid="notification-preview">
      <h3 className="text-sm font-semibold text-slate-900">{t("preview")}</h3>
      <p className="text-xs text-slate-500">{t("previewHint")}</p>
      {error ? (
        <p role="alert" className="text-xs text-red-600" data-testid="notification-preview-error">
          {t("previewError", { message: error })}
        </p>
      ) : null}
      {preview?.subject ? (
        <p className="text-sm font-medium text-slate-800" data-testid="notification-preview-subject">
          {t("previewSubject", { subject: preview.subject })}
        </p>
      ) : null}
      {preview?.html ? (
        <iframe
          title={t("previewFrame")}
          sandbox=""
          srcDoc={preview.html}
          className="h-96 w-full rounded-md border border-slate-200 bg-white"
          data-testid="notification-preview-html"
        />
      ) : null}
      {preview?.sms ? (
        <>
          <p
            className="whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
            data-testid="notification-preview-sms"
          >
            {preview.text}
          </p>
          <p className="text-xs text-slate-600" data-testid="notification-sms-length">
            {t("smsLength", { length: preview.sms.length, segments: preview.sms.segments, unicode: String(preview.sms.unicode) })}
          </p>
        </>
      ) : null}
    </section>
  );
}
