"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { actions, modules } from "@/lib/permissions/authorities";
import type { RoleView } from "@/lib/roles/schemas";

/** /rolePrivileges/{rolId}: the module × action matrix of one role (spec §6). */
export function RolePrivilegesScreen({ role, canUpdate }: { role: RoleView; canUpdate: boolean }) {
  const t = useTranslations("roles");
  const api = useApi();
  const [granted, setGranted] = useState<Set<string>>(() => new Set(role.privileges));
  const [saved, setSaved] = useState<Set<string>>(() => new Set(role.privileges));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (value: string, on: boolean) => {
    const next = new Set(granted);
    if (on) next.add(value);
    else next.delete(value);
    setGranted(next);
  };
  const toggleModule = (module: string, on: boolean) => {
    const next = new Set(granted);
    for (const action of actions) {
      if (on) next.add(`${module}:${action}`);
      else next.delete(`${module}:${action}`);
    }
    setGranted(next);
  };

  const changed = granted.size !== saved.size || [...granted].some((p) => !saved.has(p));

  const save = async () => {
    setSaving(true);
    setError(null);
    const result = await api<RoleView>(`/api/roles/${role.roleHexId}/privileges`, { method: "PUT", body: { privileges: [...granted] } });
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message);
      return notifyApiError(result.error);
    }
    const next = new Set(result.data.privileges);
    setGranted(next);
    setSaved(next);
    notifySuccess(t("privilegesSaved"));
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t("refreshNote")}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="privilege-matrix">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-medium text-slate-600">
                {t("module")}
              </th>
              {actions.map((action) => (
                <th key={action} scope="col" className="px-3 py-3 text-center font-medium text-slate-600">
                  {t(`actionNames.${action}`)}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 text-center font-medium text-slate-600">
                {t("all")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {modules.map((module) => {
              const all = actions.every((action) => granted.has(`${module}:${action}`));
              return (
                <tr key={module} data-testid="privilege-row" data-module={module}>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-800">
                    {t(`modules.${module}`)}
                  </th>
                  {actions.map((action) => {
                    const value = `${module}:${action}`;
                    return (
                      <td key={action} className="px-3 py-2 text-center">
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-brand-700"
                          name={value}
                          data-privilege={value}
                          aria-label={t("privilegeLabel", { module: t(`modules.${module}`), action: t(`actionNames.${action}`) })}
                          checked={granted.has(value)}
                          disabled={!canUpdate}
                          onChange={(e) => toggle(value, e.target.checked)}
                        />
                      </td>
                    );
                  })}
                  <td className="px-3 py-2 text-center">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-700"
                      aria-label={t("allLabel", { module: t(`modules.${module}`) })}
                      checked={all}
                      disabled={!canUpdate}
                      onChange={(e) => toggleModule(module, e.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex gap-2">
        {canUpdate ? (
          <Button type="button" onClick={() => void save()} disabled={saving || !changed} data-testid="privileges-save">
            {t("save")}
          </Button>
        ) : null}
        <Button asChild variant="secondary">
          <Link href="/roles">{t("backToRoles")}</Link>
        </Button>
      </div>
    </div>
  );
}
