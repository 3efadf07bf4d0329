"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { documentTypeInput } from "@/lib/document-types/document-type-schemas";
import { CatalogTable, catalogColumnHelper } from "./catalog-table";
import { ConfirmAction } from "./confirm-action";

type DocumentType = { hexId: string; name: string; isDefault: boolean; inUse: boolean };
type Permissions = { canCreate: boolean; canUpdate: boolean; canDelete: boolean };
type Editing = { hexId: string | null; original: string; name: string; isDefault: boolean };

const blank: Editing = { hexId: null, original: "", name: "", isDefault: false };
const helper = catalogColumnHelper<DocumentType>();

/** /fileType: the organisation's document types (spec §3), with one default. */
export function DocumentTypesScreen({ canCreate, canUpdate, canDelete }: Permissions) {
  const t = useTranslations("fileTypes");
  const errors = useTranslations("errors");
  const api = useApi();
  const [types, setTypes] = useState<DocumentType[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(blank);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const result = await api<{ data: DocumentType[] }>("/api/fileType/getAllFileType");
    if (result.ok) setTypes(result.data.data);
    else setLoadError(result.error.message);
  }, [api]);

  useEffect(() => {
    let current = true;
    void api<{ data: DocumentType[] }>("/api/fileType/getAllFileType").then((result) => {
      if (!current) return;
      if (result.ok) setTypes(result.data.data);
      else setLoadError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [api]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = documentTypeInput.safeParse({ name: editing.name, isDefault: editing.isDefault });
    if (!parsed.success) {
      setNameError(errors(parsed.error.issues[0]?.message ?? "VALIDATION_FAILED"));
      return;
    }
    setNameError(null);
    setSaving(true);
    const result = editing.hexId
      ? await api(`/api/fileType/${editing.hexId}`, { method: "PUT", body: parsed.data })
      : await api("/api/fileType", { body: parsed.data });
    setSaving(false);
    if (!result.ok) {
      if (result.error.field === "name") setNameError(result.error.message);
      return notifyApiError(result.error);
    }
    notifySuccess(editing.hexId ? t("updated") : t("created"));
    setEditing(blank);
    await load();
  };

  const makeDefault = useCallback(
    async (type: DocumentType) => {
      const result = await api(`/api/fileType/${type.hexId}`, { method: "PUT", body: { name: type.name, isDefault: true } });
      if (!result.ok) return notifyApiError(result.error);
      notifySuccess(t("defaultSaved", { name: type.name }));
      await load();
    },
    [api, load, t],
  );

  const remove = useCallback(
    async (type: DocumentType) => {
      const result = await api(`/api/fileType/${type.hexId}`, { method: "DELETE" });
      if (!result.ok) return notifyApiError(result.error);
      notifySuccess(t("deleted"));
      await load();
    },
    [api, load, t],
  );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", { header: t("name"), cell: (info) => <span className="font-medium">{info.getValue()}</span> }),
        helper.display({
          id: "default",
          header: t("isDefault"),
          cell: ({ row }) => (
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              aria-label={t("defaultFor", { name: row.original.name })}
              checked={row.original.isDefault}
              // The default moves by choosing another type; it cannot be switched off on its own.
              disabled={row.original.isDefault || !canUpdate}
              title={row.original.isDefault ? t("defaultHint") : undefined}
              onChange={() => void makeDefault(row.original)}
            />
          ),
        }),
        helper.accessor("inUse", { header: t("inUse"), cell: (info) => (info.getValue() ? t("yes") : t("no")) }),
        helper.display({
          id: "actions",
          header: t("actions"),
          cell: ({ row }) => (
            <div className="flex flex-wrap gap-2">
              {canUpdate ? (
                <Button
                  type="button"
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  onClick={() =>
                    setEditing({
                      hexId: row.original.hexId,
                      original: row.original.name,
                      name: row.original.name,
                      isDefault: row.original.isDefault,
                    })
                  }
                >
                  {t("edit")}
                </Button>
              ) : null}
              {canDelete ? (
                <ConfirmAction
                  label={t("delete")}
                  question={t("confirmDelete", { name: row.original.name })}
                  confirmLabel={t("delete")}
                  disabled={row.original.isDefault || row.original.inUse}
                  title={row.original.isDefault ? t("defaultHint") : row.original.inUse ? t("inUseHint") : undefined}
                  onConfirm={() => remove(row.original)}
                />
              ) : null}
            </div>
          ),
        }),
      ]),
    [t, canUpdate, canDelete, makeDefault, remove],
  );

  if (loadError) return <Alert tone="error">{loadError}</Alert>;

  const showForm = editing.hexId ? canUpdate : canCreate;

  return (
    <div className="space-y-6">
      {showForm ? (
        <Card title={editing.hexId ? t("editTitle", { name: editing.original }) : t("newTitle")}>
          <form onSubmit={save} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-end" data-testid="document-type-form">
            <div className="flex-1">
              <TextField
                label={t("name")}
                name="name"
                value={editing.name}
                error={nameError ?? undefined}
                onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                maxLength={80}
              />
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-700 sm:pb-2">
              <input
                type="checkbox"
                name="isDefault"
                className="h-4 w-4 accent-brand-700"
                checked={editing.isDefault}
                onChange={(e) => setEditing({ ...editing, isDefault: e.target.checked })}
              />
              {t("isDefault")}
            </label>
            <div className="flex gap-2">
              <Button type="submit" disabled={saving}>
                {t("save")}
              </Button>
              {editing.hexId ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setEditing(blank);
                    setNameError(null);
                  }}
                >
                  {t("cancel")}
                </Button>
              ) : null}
            </div>
          </form>
        </Card>
      ) : null}
      {types ? (
        <CatalogTable
          data={types}
          columns={columns}
          rowId={(type) => type.hexId}
          rowAttributes={(type) => ({ "data-testid": "document-type-row", "data-name": type.name, "data-default": String(type.isDefault) })}
          empty={t("empty")}
          testId="document-types-table"
        />
      ) : (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      )}
    </div>
  );
}
