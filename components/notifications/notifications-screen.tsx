"use client";

import { useMemo, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useApi } from "@/components/client/use-api";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import type { NotificationChannel } from "@/lib/notifications/events";
import type { EventView, NotificationSettingsView } from "@/lib/notifications/schemas";
import { templateProblem } from "@/lib/notifications/template";
import { TemplatePreview } from "./template-preview";
import { SubmitButton } from "@/components/ui/submit-button";

type Template = EventView["templates"][number];
type Cell = EventView["recipients"][number];
// Disabled boxes (a signer's fixed cells, a read-only caller) give no value.
type Values = { recipients: Record<string, boolean | undefined>; templates: Record<string, { subject: string; body: string }> };

const cellKey = (cell: Pick<Cell, "recipient" | "channel">) => `${cell.recipient}_${cell.channel}`;
const templateKey = (template: Pick<Template, "channel" | "language">) => `${template.channel}_${template.language}`;

function valuesOf(view: EventView): Values {
  return {
    recipients: Object.fromEntries(view.recipients.map((cell) => [cellKey(cell), cell.enabled])),
    templates: Object.fromEntries(view.templates.map((t) => [templateKey(t), { subject: t.subject ?? "", body: t.body }])),
  };
}

/** /notifications: the events on the left; the chosen one's recipients, channels and templates on the right. */
export function NotificationsScreen({ initial, canUpdate }: { initial: NotificationSettingsView; canUpdate: boolean }) {
  const t = useTranslations("notificationSettings");
  const [view, setView] = useState(initial);
  const [selected, setSelected] = useState(initial._embedded.notificationEvents[0]!.event);
  const current = view._embedded.notificationEvents.find((e) => e.event === selected)!;
  const replace = (saved: EventView) =>
    setView((v) => ({
      ...v,
      _embedded: { notificationEvents: v._embedded.notificationEvents.map((e) => (e.event === saved.event ? saved : e)) },
    }));

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_1fr]">
      <nav aria-label={t("title")} className="space-y-1">
        {view._embedded.notificationEvents.map((e) => (
          <button
            key={e.event}
            type="button"
            onClick={() => setSelected(e.event)}
            aria-current={e.event === selected ? "page" : undefined}
            className={`block w-full rounded-md px-3 py-2 text-left text-sm ${e.event === selected ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
            data-testid={`notification-event-${e.event}`}
          >
            {t(`events.${e.event}`)}
          </button>
        ))}
      </nav>
      <div className="space-y-4">
        {canUpdate ? null : <Alert>{t("readOnly")}</Alert>}
        {/* Keyed by the saved view: after a save or a restore the form starts from what the server holds. */}
        <EventEditor key={JSON.stringify(current)} view={current} canUpdate={canUpdate} onSaved={replace} />
      </div>
    </div>
  );
}

function EventEditor({ view, canUpdate, onSaved }: { view: EventView; canUpdate: boolean; onSaved: (view: EventView) => void }) {
  const t = useTranslations("notificationSettings");
  const common = useTranslations("common");
  const errors = useTranslations("errors");
  const api = useApi();
  const [tab, setTab] = useState(templateKey(view.templates[0]!));
  const [formError, setFormError] = useState<string | null>(null);

  // The same rules the server applies, with its messages, checked before anything is sent.
  const schema = useMemo(
    () =>
      z
        .object({
          recipients: z.record(z.string(), z.boolean().optional()),
          templates: z.record(z.string(), z.object({ subject: z.string(), body: z.string() })),
        })
        .superRefine((values, ctx) => {
          for (const template of view.templates) {
            const key = templateKey(template);
            const text = values.templates[key]!;
            const problem = templateProblem(view.event, template.channel, {
              subject: template.channel === "EMAIL" ? text.subject : null,
              body: text.body,
            });
            if (problem)
              ctx.addIssue({
                code: "custom",
                path: ["templates", key, String(problem.meta.field)],
                message: errors(problem.code, problem.meta as Record<string, string | number>),
              });
          }
        }),
    [view, errors],
  );
  const { register, handleSubmit, formState, control, setError, getValues } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(view),
  });
  const watched = useWatch({ control, name: `templates.${tab}` as `templates.${string}` });
  const active = view.templates.find((template) => templateKey(template) === tab)!;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const original = valuesOf(view);
    const recipients = view.recipients
      .filter((cell) => !cell.locked && values.recipients[cellKey(cell)] !== original.recipients[cellKey(cell)])
      .map((cell) => ({ recipient: cell.recipient, channel: cell.channel, enabled: values.recipients[cellKey(cell)] === true }));
    const templates = view.templates
      .filter((template) => {
        const [now, before] = [values.templates[templateKey(template)]!, original.templates[templateKey(template)]!];
        return now.body !== before.body || (template.channel === "EMAIL" && now.subject !== before.subject);
      })
      .map((template) => {
        const text = values.templates[templateKey(template)]!;
        return {
          channel: template.channel,
          language: template.language,
          body: text.body,
          ...(template.channel === "EMAIL" ? { subject: text.subject } : {}),
        };
      });
    if (recipients.length === 0 && templates.length === 0) {
      notifySuccess(t("nothingChanged"));
      return;
    }
    const result = await api<EventView>(`/api/notifications/settings/${view.event}`, { method: "PUT", body: { recipients, templates } });
    if (result.ok) {
      notifySuccess(t("saved"));
      onSaved(result.data);
      return;
    }
    const { channel, language, field } = result.error as { channel?: string; language?: string; field?: string };
    if (channel && language && field)
      setError(`templates.${channel}_${language}.${field}` as Path<Values>, { message: result.error.message });
    else setFormError(result.error.message);
    notifyApiError(result.error);
  });

  const restore = async (template: Template) => {
    const result = await api<EventView>(`/api/notifications/settings/${view.event}/templates/${template.channel}/${template.language}`, {
      method: "DELETE",
    });
    if (!result.ok) {
      notifyApiError(result.error);
      return;
    }
    notifySuccess(t("restored"));
    onSaved(result.data);
  };

  const channels = [...new Set(view.recipients.map((cell) => cell.channel))] as NotificationChannel[];
  const recipients = [...new Set(view.recipients.map((cell) => cell.recipient))];
  const fieldErrors = formState.errors.templates?.[tab];
  const placeholderList = view.placeholders.map((p) => `{${p}}`).join(" ");

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="notification-form">
      <header>
        <h2 className="text-xl font-semibold text-slate-900">{t(`events.${view.event}`)}</h2>
        <p className="text-sm text-slate-600">{t(`eventHints.${view.event}`)}</p>
      </header>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Card title={t("recipientsTitle")}>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 font-medium" />
              {channels.map((channel) => (
                <th key={channel} scope="col" className="py-1 font-medium">
                  {t(`channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {recipients.map((recipient) => (
              <tr key={recipient} className="border-t border-slate-100">
                <th scope="row" className="py-2 text-left font-medium text-slate-800">
                  {t(`recipients.${recipient}`)}
                </th>
                {channels.map((channel) => {
                  const cell = view.recipients.find((c) => c.recipient === recipient && c.channel === channel);
                  if (!cell) return <td key={channel}>{t("notAvailable")}</td>;
                  const label = `${t(`recipients.${recipient}`)} · ${t(`channels.${channel}`)}`;
                  return (
                    <td key={channel} className="py-2">
                      <input
                        type="checkbox"
                        aria-label={label}
                        title={cell.locked ? t("locked") : undefined}
                        disabled={!canUpdate || cell.locked}
                        data-testid={`recipient-${cellKey(cell)}`}
                        {...register(`recipients.${cellKey(cell)}`)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {view.recipients.some((cell) => cell.locked) ? <p className="mt-2 text-xs text-slate-500">{t("locked")}</p> : null}
      </Card>
      <Card title={t("templatesTitle")}>
        <div role="tablist" className="mb-4 flex flex-wrap gap-2">
          {view.templates.map((template) => {
            const key = templateKey(template);
            return (
              <button
                key={key}
                type="button"
                role="tab"
                aria-selected={key === tab}
                onClick={() => setTab(key)}
                className={`rounded-md border px-3 py-1 text-sm ${key === tab ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 text-slate-700"} ${formState.errors.templates?.[key] ? "border-red-500" : ""}`}
                data-testid={`template-tab-${key}`}
              >
                {t(`channels.${template.channel}`)} · {t(`languages.${template.language}`)}
                {template.customised ? ` · ${t("customised")}` : ""}
              </button>
            );
          })}
        </div>
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <div className="space-y-3" key={tab}>
            <p className="text-xs text-slate-600">{active.customised ? t("customised") : t("productText")}</p>
            {active.channel === "EMAIL" ? (
              <TextField
                label={t("subject")}
                maxLength={500}
                disabled={!canUpdate}
                error={fieldErrors?.subject?.message}
                data-testid="template-subject"
                {...register(`templates.${tab}.subject`)}
              />
            ) : null}
            <div className="space-y-1">
              <label htmlFor={`body-${tab}`} className="block text-sm font-medium text-slate-700">
                {t("body")}
              </label>
              <textarea
                id={`body-${tab}`}
                rows={active.channel === "SMS" ? 4 : 10}
                disabled={!canUpdate}
                aria-invalid={!!fieldErrors?.body}
                aria-describedby={`body-${tab}-hint`}
                className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-sm disabled:bg-slate-50 aria-[invalid=true]:border-red-500"
                data-testid="template-body"
                {...register(`templates.${tab}.body`)}
              />
              {fieldErrors?.body?.message ? (
                <p role="alert" className="text-xs text-red-600" data-testid="template-body-error">
                  {fieldErrors.body.message}
                </p>
              ) : null}
              <div id={`body-${tab}-hint`} className="space-y-1 text-xs text-slate-500">
                {active.channel === "EMAIL" ? <p>{t("bodyHint")}</p> : null}
                <p>{t("placeholders", { list: placeholderList })}</p>
                {view.linkRequired ? <p>{t("linkRequired")}</p> : null}
              </div>
            </div>
            {canUpdate && active.customised ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="secondary" data-testid="template-restore">
                    {t("restore")}
                  </Button>
                }
                title={t("restore")}
                body={t("restoreConfirm")}
                confirmLabel={t("restore")}
                cancelLabel={common("cancel")}
                onConfirm={() => void restore(active)}
                confirmTestId="template-restore-confirm"
              />
            ) : null}
          </div>
          <TemplatePreview
            event={view.event}
            channel={active.channel}
            language={active.language}
            subject={watched?.subject ?? getValues(`templates.${tab}.subject`) ?? ""}
            body={watched?.body ?? getValues(`templates.${tab}.body`) ?? ""}
          />
        </div>
      </Card>
      {canUpdate ? (
        <div className="flex justify-end">
          <SubmitButton disabled={formState.isSubmitting} data-testid="notification-save">
            {formState.isSubmitting ? t("saving") : t("save")}
          </SubmitButton>
        </div>
      ) : null}
    </form>
  );
}
