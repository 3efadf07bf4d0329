"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { SecretPanel } from "@/components/ui/secret-panel";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { useApi } from "@/components/client/use-api";
import { useApiForm } from "@/components/client/use-api-form";
import { useListScreen } from "@/components/client/use-list-screen";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { webhookEvents } from "@/lib/webhooks/events";
import { createWebhookInput, type WebhookDeliveryView, type WebhookView } from "@/lib/webhooks/schemas";

type Secret = { title: string; secret: string };
type EndpointList = { _embedded: { webhookEndpoints: WebhookView[] } };
type DeliveryPage = {
  _embedded: { webhookDeliveries: WebhookDeliveryView[] };
  page: { totalElements: number; totalPages: number; number: number };
};
type FormValues = { url: string; events: string[]; active: boolean };

const formSchema = createWebhookInput.extend({ active: z.boolean() });
const endpointColumns = dataTableColumns<WebhookView>();
const deliveryColumns = dataTableColumns<WebhookDeliveryView>();

/** A secret shown once (after creating or rotating): copy it now, it is never shown again. */
function WebhookSecretPanel({ secret, onDone }: { secret: Secret; onDone: () => void }) {
  const t = useTranslations("webhooks");
  return (
    <SecretPanel
      namespace="webhooks"
      title={secret.title}
      hint={t("verifyHint")}
      secret={secret.secret}
      testIds={{ panel: "webhook-secret-panel", secret: "webhook-secret", copy: "webhook-secret-copy", done: "webhook-secret-done" }}
      onDone={onDone}
    />
  );
}

/** Create (endpoint null) or edit an endpoint: its URL, its events and whether it is active. */
function EndpointForm({
  endpoint,
  onClose,
  onSaved,
}: {
  endpoint: WebhookView | null;
  onClose: () => void;
  onSaved: (secret?: string) => void;
}) {
  const t = useTranslations("webhooks");
  const common = useTranslations("common");
  const api = useApi();
  const form = useApiForm<FormValues, { secret?: string }>({
    schema: formSchema,
    defaultValues: { url: endpoint?.url ?? "", events: endpoint?.events ?? [], active: endpoint?.active ?? true },
    fields: ["url", "events", "active"],
    send: (values) =>
      endpoint
        ? api(`/api/webhook-endpoints/${endpoint.webhookHexId}`, { method: "PUT", body: values })
        : api("/api/webhook-endpoints", { method: "POST", body: { url: values.url, events: values.events } }),
    onSaved: (data) => onSaved(data.secret),
  });
  return (
    <FormDialog
      form={form}
      title={endpoint ? t("editTitle") : t("newTitle")}
      description={t("formHint")}
      testId="webhook-dialog"
      formTestId="webhook-form"
      submitLabel={endpoint ? t("save") : t("create")}
      cancelLabel={common("cancel")}
      onClose={onClose}
    >
      <TextField label={t("url")} placeholder="https://" error={form.error("url")} {...form.register("url")} />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">{t("events")}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {webhookEvents.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={event} {...form.register("events")} />
              <span className="font-mono text-xs">{event}</span>
            </label>
          ))}
        </div>
        {form.error("events") ? (
          <p role="alert" className="text-xs text-red-600">
            {form.error("events")}
          </p>
        ) : null}
      </fieldset>
      {endpoint ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("active")} />
          {t("active")}
        </label>
      ) : null}
    </FormDialog>
  );
}

/** One endpoint's deliveries, newest first, paged, each redeliverable. */
function Deliveries({ endpoint }: { endpoint: WebhookView }) {
  const t = useTranslations("webhooks");
  const list = useListScreen<DeliveryPage, WebhookDeliveryView>({
    path: `/api/webhook-endpoints/${endpoint.webhookHexId}/deliveries`,
    rows: (page) => page._embedded.webhookDeliveries,
    paging: { defaultPageSize: 20 },
  });
  const { api, run, refresh } = list;
  const redeliver = useCallback(
    (delivery: WebhookDeliveryView) =>
      run(
        api(`/api/webhook-endpoints/${endpoint.webhookHexId}/deliveries/${delivery.deliveryHexId}/redeliver`, { method: "POST" }),
        t("redelivered"),
      ),
    [api, run, t, endpoint.webhookHexId],
  );
  const columns = useMemo(
    () =>
      deliveryColumns.columns([
        deliveryColumns.accessor("createdAt", {
          enableSorting: false,
          header: t("when"),
          cell: (info) => new Date(info.getValue()).toLocaleString(),
        }),
        deliveryColumns.accessor("event", {
          enableSorting: false,
          header: t("event"),
          cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
        }),
        deliveryColumns.accessor("status", {
          enableSorting: false,
          header: t("status"),
          cell: (info) => (
            <Badge tone={info.getValue() === "DELIVERED" ? "ok" : info.getValue() === "FAILED" ? "off" : "pending"}>
              {t(`statuses.${info.getValue()}`)}
            </Badge>
          ),
        }),
        deliveryColumns.accessor("attempts", { enableSorting: false, header: t("attempts"), cell: (info) => info.getValue() }),
        deliveryColumns.accessor("responseCode", {
          enableSorting: false,
          header: t("responseCode"),
          cell: (info) => info.getValue() ?? "—",
        }),
        deliveryColumns.accessor("durationMs", {
          enableSorting: false,
          header: t("duration"),
          cell: (info) => (info.getValue() === null ? "—" : t("milliseconds", { ms: info.getValue() ?? 0 })),
        }),
        deliveryColumns.display({
          id: "actions",
          header: t("actions"),
          cell: ({ row }) => (
            <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={() => redeliver(row.original)}>
              {t("redeliver")}
            </Button>
          ),
        }),
      ]),
    [t, redeliver],
  );
  return (
    <Card title={t("deliveriesTitle", { url: endpoint.url })}>
      <div className="mb-2 flex justify-end">
        <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={refresh}>
          {t("reload")}
        </Button>
      </div>
      <DataTable
        {...list.table}
        columns={columns}
        getRowId={(delivery) => delivery.deliveryHexId}
        loadingText={t("loading")}
        emptyText={t("noDeliveries")}
        testIdPrefix="webhook-deliveries"
        rowTestId="webhook-delivery-row"
      />
    </Card>
  );
}

/** The organisation's callback secret (per-shipment callBackUrl): shown once, then only rotated. */
function CallbackSecret({ onSecret }: { onSecret: (secret: Secret) => void }) {
  const t = useTranslations("webhooks");
  const api = useApi();
  const [state, setState] = useState<{ revealed: boolean; previousSecretExpiresAt: string | null } | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    void api<{ revealed: boolean; previousSecretExpiresAt: string | null }>("/api/callback-secret").then((result) => {
      if (result.ok) setState(result.data);
      else notifyApiError(result.error);
    });
  }, [api, reloads]);
  const take = async (path: string, title: string) => {
    const result = await api<{ secret: string }>(path, { method: "POST" });
    if (!result.ok) return notifyApiError(result.error);
    onSecret({ title, secret: result.data.secret });
    setReloads((n) => n + 1);
  };
  return (
    <Card title={t("callbackTitle")}>
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{t("callbackHint")}</p>
        {state?.previousSecretExpiresAt ? (
          <p className="text-xs text-slate-500">{t("overlapUntil", { date: new Date(state.previousSecretExpiresAt).toLocaleString() })}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {state && !state.revealed ? (
            <Button
              type="button"
              onClick={() => take("/api/callback-secret/reveal", t("callbackSecretTitle"))}
              data-testid="callback-secret-reveal"
            >
              {t("reveal")}
            </Button>
          ) : null}
          <ConfirmAction
            label={t("rotate")}
            question={t("confirmRotateCallback")}
            body={t("rotateBody")}
            confirmLabel={t("rotate")}
            variant="secondary"
            className=""
            testId="callback-secret-rotate"
            onConfirm={() => take("/api/callback-secret/rotate", t("callbackSecretTitle"))}
          />
        </div>
      </div>
    </Card>
  );
}

/** /api-management/webhooks: the organisation's webhook endpoints, their deliveries, and the callback secret. */
export function WebhooksScreen() {
  const t = useTranslations("webhooks");
  const list = useListScreen<EndpointList, WebhookView>({
    path: "/api/webhook-endpoints",
    rows: (answer) => answer._embedded.webhookEndpoints,
  });
  const { api, run, refresh } = list;
  const [editing, setEditing] = useState<WebhookView | "new" | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  // Remounts the deliveries table, so it asks again (after a test is queued).
  const [deliveriesVersion, setDeliveriesVersion] = useState(0);

  const rotate = useCallback(
    async (endpoint: WebhookView) => {
      const result = await api<{ secret: string }>(`/api/webhook-endpoints/${endpoint.webhookHexId}/rotate-secret`, { method: "POST" });
      if (!result.ok) return notifyApiError(result.error);
      setSecret({ title: t("newSecretTitle"), secret: result.data.secret });
      refresh();
    },
    [api, refresh, t],
  );
  const sendTest = useCallback(
    async (endpoint: WebhookView) => {
      if (!(await run(api(`/api/webhook-endpoints/${endpoint.webhookHexId}/test`, { method: "POST" }), t("testSent")))) return;
      setSelected(endpoint.webhookHexId);
      setDeliveriesVersion((n) => n + 1);
    },
    [api, run, t],
  );
  const remove = useCallback(
    (endpoint: WebhookView) => run(api(`/api/webhook-endpoints/${endpoint.webhookHexId}`, { method: "DELETE" }), t("deleted")),
    [api, run, t],
  );

  const columns = useMemo(
    () =>
      endpointColumns.columns([
        endpointColumns.accessor("url", {
          header: t("url"),
          cell: (info) => <span className="break-all font-mono text-xs">{info.getValue()}</span>,
        }),
        endpointColumns.accessor("events", {
          header: t("events"),
          cell: (info) => <span className="text-xs">{info.getValue().join(", ")}</span>,
        }),
        endpointColumns.accessor("active", {
          header: t("status"),
          cell: (info) => <Badge tone={info.getValue() ? "ok" : "off"}>{info.getValue() ? t("active") : t("inactive")}</Badge>,
        }),
        endpointColumns.display({
          id: "actions",
          header: t("actions"),
          cell: ({ row }) => {
            const endpoint = row.original;
            return (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  onClick={() => setEditing(endpoint)}
                  data-testid="webhook-edit"
                >
                  {t("edit")}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  onClick={() => sendTest(endpoint)}
                  data-testid="webhook-test"
                >
                  {t("test")}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  onClick={() => setSelected(endpoint.webhookHexId)}
                  data-testid="webhook-deliveries"
                >
                  {t("deliveries")}
                </Button>
                <ConfirmAction
                  label={t("rotate")}
                  question={t("confirmRotate")}
                  body={t("rotateBody")}
                  confirmLabel={t("rotate")}
                  variant="secondary"
                  testId="webhook-rotate"
                  onConfirm={() => rotate(endpoint)}
                />
                <ConfirmAction
                  label={t("delete")}
                  question={t("confirmDelete")}
                  confirmLabel={t("delete")}
                  testId="webhook-delete"
                  onConfirm={() => remove(endpoint)}
                />
              </div>
            );
          },
        }),
      ]),
    [t, sendTest, rotate, remove],
  );

  const chosen = list.rows.find((endpoint) => endpoint.webhookHexId === selected) ?? null;

  return (
    <div className="space-y-6">
      {secret ? <WebhookSecretPanel secret={secret} onDone={() => setSecret(null)} /> : null}
      <Card>
        <div className="space-y-4">
          <Button type="button" onClick={() => setEditing("new")} data-testid="webhook-new">
            {t("new")}
          </Button>
          <DataTable
            {...list.table}
            columns={columns}
            getRowId={(endpoint) => endpoint.webhookHexId}
            loadingText={t("loading")}
            emptyText={t("empty")}
            testIdPrefix="webhooks"
            rowTestId="webhook-row"
          />
        </div>
      </Card>
      {chosen ? <Deliveries key={`${chosen.webhookHexId}-${deliveriesVersion}`} endpoint={chosen} /> : null}
      <CallbackSecret onSecret={setSecret} />
      {editing ? (
        <EndpointForm
          endpoint={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            if (created) setSecret({ title: t("newSecretTitle"), secret: created });
            notifySuccess(editing === "new" ? t("created") : t("updated"));
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
