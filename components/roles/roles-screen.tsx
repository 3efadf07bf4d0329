"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { CatalogTable, catalogColumnHelper } from "@/components/flows/catalog-table";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { roleInput, type RoleView } from "@/lib/roles/schemas";
import { PrivilegeSummary } from "./privilege-summary";

type Permissions = { canCreate: boolean; canUpdate: boolean; canDelete: boolean };
type Editing = { roleHexId: string | null; original: string; name: string; description: string };
type FieldErrors = { name?: string; description?: string };

const blank: Editing = { roleHexId: null, original: "", name: "", description: "" };
const helper = catalogColumnHelper<RoleView>();

/** /roles: the organisation's roles; their privileges are edited in /rolePrivileges/{rolId}. */
export function RolesScreen({ canCreate, canUpdate, canDelete }: Permissions) {
  const t = useTranslations("roles");
  const errors = useTranslations("errors");
  const api = useApi();
  const router = useRouter();
  const [roles, setRoles] = useState<RoleView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(blank);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const result = await api<RoleView[]>("/api/roles");
    if (result.ok) setRoles(result.data);
    else setLoadError(result.error.message);
  }, [api]);

  useEffect(() => {
    let current = true;
    void api<RoleView[]>("/api/roles").then((result) => {
      if (!current) return;
      if (result.ok) setRoles(result.data);
      else setLoadError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [api]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = roleInput.safeParse({ name: editing.name, description: editing.description || null });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFieldErrors({ [issue?.path[0] === "description" ? "description" : "name"]: errors(issue?.message ?? "VALIDATION_FAILED") });
      return;
    }
    setFieldErrors({});
    setSaving(true);
    const result = editing.roleHexId
      ? await api(`/api/roles/${editing.roleHexId}`, { method: "PUT", body: parsed.data })
      : await api<{ roleHexId: string }>("/api/roles", { body: parsed.data });
    setSaving(false);
    if (!result.ok) {
      if (result.error.field === "name") setFieldErrors({ name: result.error.message });
      return notifyApiError(result.error);
    }
    if (!editing.roleHexId) {
      notifySuccess(t("created"));
      // A new role grants nothing: its privileges come next.
      if (canUpdate) return router.push(`/rolePrivileges/${(result.data as { roleHexId: string }).roleHexId}`);
    } else notifySuccess(t("updated"));
    setEditing(blank);
    await load();
  };

  const remove = useCallback(
    async (role: RoleView) => {
      const result = await api(`/api/roles/${role.roleHexId}`, { method: "DELETE" });
      if (!result.ok) return notifyApiError(result.error);
      notifySuccess(t("deleted"));
      await load();
    },
    [api, load, t],
  );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", {
          header: t("name"),
          cell: ({ row }) => (
            <div>
              <span className="font-medium">{row.original.name}</span>
              {row.original.description ? <p className="text-xs text-slate-500">{row.original.description}</p> : null}
            </div>
          ),
        }),
        helper.display({
          id: "privileges",
          header: t("privileges"),
          cell: ({ row }) => <PrivilegeSummary privileges={row.original.privileges} />,
        }),
        helper.accessor("users", { header: t("users"), cell: (info) => info.getValue() }),
        helper.display({
          id: "actions",
          header: t("actions"),
          cell: ({ row }) => {
            const role = row.original;
            const why = role.users > 0 ? t("inUseHint") : undefined;
            return (
              <div className="flex flex-wrap gap-2">
                {canUpdate ? (
                  <>
                    <Button asChild variant="secondary" className="px-2 py-1 text-xs">
                      <Link href={`/rolePrivileges/${role.roleHexId}`} data-testid="role-privileges-link">
                        {t("editPrivileges")}
                      </Link>
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      className="px-2 py-1 text-xs"
                      onClick={() =>
                        setEditing({ roleHexId: role.roleHexId, original: role.name, name: role.name, description: role.description ?? "" })
                      }
                    >
                      {t("edit")}
                    </Button>
                  </>
                ) : null}
                {canDelete ? (
                  <ConfirmAction
                    label={t("delete")}
                    question={t("confirmDelete", { name: role.name })}
                    confirmLabel={t("delete")}
                    disabled={role.users > 0}
                    title={why}
                    onConfirm={() => remove(role)}
                  />
                ) : null}
              </div>
            );
          },
        }),
      ]),
    [t, canUpdate, canDelete, remove],
  );

  if (loadError) return <Alert tone="error">{loadError}</Alert>;

  const showForm = editing.roleHexId ? canUpdate : canCreate;

  return (
    <div className="space-y-6">
      {showForm ? (
        <Card title={editing.roleHexId ? t("editTitle", { name: editing.original }) : t("newTitle")}>
          <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end" data-testid="role-form">
            <TextField
              label={t("name")}
              name="name"
              value={editing.name}
              error={fieldErrors.name}
              onChange={(e) => setEditing({ ...editing, name: e.target.value })}
              maxLength={80}
            />
            <TextField
              label={t("description")}
              name="description"
              value={editing.description}
              error={fieldErrors.description}
              onChange={(e) => setEditing({ ...editing, description: e.target.value })}
              maxLength={255}
            />
            <div className="flex gap-2">
              <Button type="submit" disabled={saving}>
                {t("save")}
              </Button>
              {editing.roleHexId ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setEditing(blank);
                    setFieldErrors({});
                  }}
                >
                  {t("cancel")}
                </Button>
              ) : null}
            </div>
          </form>
        </Card>
      ) : null}
      {roles ? (
        <CatalogTable
          data={roles}
          columns={columns}
          rowId={(role) => role.roleHexId}
          rowAttributes={(role) => ({ "data-testid": "role-row", "data-name": role.name })}
          empty={t("empty")}
          testId="roles-table"
        />
      ) : (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      )}
    </div>
  );
}
