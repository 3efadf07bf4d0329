"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { ApiForm } from "@/components/auth/api-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { updateApiKeyInput, type ApiKeyView, type ApiKeyWithSecret } from "@/lib/api-keys/schemas";
import { roleField, type RoleOption } from "./api-key-create";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { ApiKeySecretPanel } from "./api-key-secret-panel";

/** /api-management/{apiUserHexId}: edit, enable or disable, rotate (the new key shown once) or delete. */
export function ApiKeyEditor({ apiKey, roles }: { apiKey: ApiKeyView; roles: RoleOption[] }) {
  const t = useTranslations("apiKeys");
  const format = useFormatter();
  const api = useApi();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoint = `/api/api-keys/${apiKey.apiUserHexId}`;
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : t("never"));
  // A role the caller may not grant is still the key's own: list it so saving other fields keeps it.
  const options = apiKey.role && !roles.some((r) => r.roleHexId === apiKey.role?.roleHexId) ? [...roles, apiKey.role] : roles;

  async function act<T>(path: string, method: string, body: unknown, done: (data: T) => void) {
    setBusy(true);
    const result = await api<T>(path, { method, body });
    setBusy(false);
    if (!result.ok) return notifyApiError(result.error);
    done(result.data);
  }

  if (secret) return <ApiKeySecretPanel secret={secret} onDone={() => setSecret(null)} />;

  return (
    <div className="space-y-6">
      <Card title={t("data")}>
        <dl className="mb-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">{t("prefix")}</dt>
            <dd className="font-mono text-xs" data-testid="api-key-prefix">
              {apiKey.prefix}…
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("createdAt")}</dt>
            <dd>{when(apiKey.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("lastUsedAt")}</dt>
            <dd>{when(apiKey.lastUsedAt)}</dd>
          </div>
        </dl>
        <ApiForm
          testId="api-key-form"
          schema={updateApiKeyInput}
          endpoint={endpoint}
          method="PATCH"
          submitLabel={t("save")}
          defaultValues={{ name: apiKey.name, description: apiKey.description ?? "", roleHexId: apiKey.role?.roleHexId ?? "" }}
          onSuccess={() => {
            notifySuccess(t("saved"));
            router.refresh();
          }}
          fields={[{ name: "name", label: t("name") }, { name: "description", label: t("description") }, roleField(t, options)]}
        />
      </Card>
      <Card title={t("actions")}>
        <p className="mb-4 text-sm text-slate-600">
          {t("status")}: <strong data-testid="api-key-status">{apiKey.enabled ? t("enabled") : t("disabled")}</strong>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            data-testid="api-key-toggle"
            onClick={() =>
              act(endpoint, "PATCH", { enabled: !apiKey.enabled }, () => {
                notifySuccess(apiKey.enabled ? t("disabledDone") : t("enabledDone"));
                router.refresh();
              })
            }
          >
            {apiKey.enabled ? t("disable") : t("enable")}
          </Button>
          <ConfirmAction
            label={t("rotate")}
            question={t("rotateTitle")}
            body={t("rotateConfirm")}
            confirmLabel={t("rotate")}
            variant="secondary"
            className=""
            disabled={busy}
            testId="api-key-rotate"
            onConfirm={() =>
              act<ApiKeyWithSecret>(`${endpoint}/rotate`, "POST", {}, (data) => {
                notifySuccess(t("rotated"));
                setSecret(data.apiKey);
                router.refresh();
              })
            }
          />
          <ConfirmAction
            label={t("delete")}
            question={t("deleteTitle")}
            body={t("deleteConfirm")}
            confirmLabel={t("delete")}
            className=""
            disabled={busy}
            testId="api-key-delete"
            onConfirm={() =>
              act(endpoint, "DELETE", undefined, () => {
                notifySuccess(t("deleted"));
                router.push("/apisadhoc");
                router.refresh();
              })
            }
          />
        </div>
      </Card>
    </div>
  );
}
