"use client";

import { useCallback, useMemo } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/field";
import { FormCard } from "@/components/ui/form-dialog";
import { useListScreen } from "@/components/client/use-list-screen";
import { notifySuccess } from "@/components/client/notify";
import { useRecordEditor, type CatalogPermissions } from "@/components/admin/record-editor";
import { documentTypeInput } from "@/lib/document-types/document-type-schemas";
import { ConfirmAction } from "./confirm-action";

type DocumentType = { documentTypeHexId: string; name: string; isDefault: boolean; inUse: boolean };
type Values = { name: string; isDefault: boolean };

const blank: Values = { name: "", isDefault: false };
const valuesOf = (type: DocumentType): Values => ({ name: type.name, isDefault: type.isDefault });
const hexIdOf = (type: DocumentType) => type.documentTypeHexId;
const helper = dataTableColumns<DocumentType>();

/** /fileType: the organisation's document types (spec §3), with one default. */
export function DocumentTypesScreen({ canCreate, canUpdate, canDelete }: CatalogPermissions) {
  const t = useTranslations("fileTypes");
  const list = useListScreen<{ data: DocumentType[] }, DocumentType>({
    path: "/api/fileType/getAllFileType",
    rows: (answer) => answer.data,
    errorInPlace: true,
  });
  const { api, run, refresh } = list;
  const editor = useRecordEditor({
    schema: documentTypeInput,
    path: "/api/fileType",
    hexId: hexIdOf,
    blank,
    valuesOf,
    onSaved: (type) => {
      notifySuccess(type ? t("updated") : t("created"));
      refresh();
    },
  });
  const { form, editing, edit } = editor;

  const makeDefault = useCallback(
    (type: DocumentType) =>
      run(
        api(`/api/fileType/${type.documentTypeHexId}`, { method: "PUT", body: { name: type.name, isDefault: true } }),
        t("defaultSaved", { name: type.name }),
      ),
    [api, run, t],
  );

  const remove = useCallback(
    (type: DocumentType) => run(api(`/api/fileType/${type.documentTypeHexId}`, { method: "DELETE" }), t("deleted")),
    [api, run, t],
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
                <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={() => edit(row.original)}>
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
    [t, canUpdate, canDelete, makeDefault, remove, edit],
  );

  if (list.error) return <Alert tone="error">{list.error}</Alert>;

  const showForm = editing ? canUpdate : canCreate;

  return (
    <div className="space-y-6">
      {showForm ? (
        <FormCard
          form={form}
          title={editing ? t("editTitle", { name: editing.name }) : t("newTitle")}
          className="flex flex-col gap-4 sm:flex-row sm:items-end"
          formTestId="document-type-form"
          submitLabel={t("save")}
          cancelLabel={t("cancel")}
          onCancel={editing ? editor.cancel : undefined}
        >
          <div className="flex-1">
            <TextField label={t("name")} maxLength={80} error={form.error("name")} {...form.register("name")} />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700 sm:pb-2">
            <input type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register("isDefault")} />
            {t("isDefault")}
          </label>
        </FormCard>
      ) : null}
      <DataTable
        {...list.table}
        columns={columns}
        getRowId={hexIdOf}
        rowAttributes={(type) => ({ "data-name": type.name, "data-default": String(type.isDefault) })}
        loadingText={t("loading")}
        emptyText={t("empty")}
        testIdPrefix="document-types"
        rowTestId="document-type-row"
      />
    </div>
  );
}
