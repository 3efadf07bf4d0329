"use client";

import { useCallback, useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/field";
import { FormCard } from "@/components/ui/form-dialog";
import { useApi } from "@/components/client/use-api";
import { useApiForm } from "@/components/client/use-api-form";

export type CatalogPermissions = { canCreate: boolean; canUpdate: boolean; canDelete: boolean };

type Options<TRecord, V extends FieldValues> = {
  schema: z.ZodType;
  /** The collection's address: a new record is POSTed to it, an edited one PUT to `<path>/<hexId>`. */
  path: string;
  /** These three are read once per call: pass module-level functions and values. */
  hexId: (record: TRecord) => string;
  blank: V;
  valuesOf: (record: TRecord) => V;
  /** What is sent, from the checked values (the values themselves unless given). */
  body?: (values: V) => unknown;
  /** After a save: `record` is the one edited, null for a new one; `data` the API's answer. */
  onSaved: (record: TRecord | null, data: unknown) => void;
};

/**
 * The inline create-or-edit form above a short catalogue (groups, roles, document types): it starts
 * blank for a new record, `edit` loads a row into it, `cancel` and a save go back to a blank one.
 */
export function useRecordEditor<TRecord, V extends FieldValues>({
  schema,
  path,
  hexId,
  blank,
  valuesOf,
  body,
  onSaved,
}: Options<TRecord, V>) {
  const api = useApi();
  const [editing, setEditing] = useState<TRecord | null>(null);
  const form = useApiForm<V>({
    schema,
    defaultValues: blank as DefaultValues<V>,
    fields: Object.keys(blank) as (keyof V & string)[],
    send: (values) => {
      const sent = body ? body(values) : values;
      return editing ? api(`${path}/${hexId(editing)}`, { method: "PUT", body: sent }) : api(path, { body: sent });
    },
    onSaved: (data) => {
      setEditing(null);
      form.reset(blank as DefaultValues<V>);
      onSaved(editing, data);
    },
  });
  const { reset } = form;
  const edit = useCallback(
    (record: TRecord | null) => {
      setEditing(record);
      reset((record ? valuesOf(record) : blank) as DefaultValues<V>);
    },
    [reset, valuesOf, blank],
  );
  return { form, editing, edit, cancel: () => edit(null) };
}

export type RecordEditor<TRecord, V extends FieldValues> = ReturnType<typeof useRecordEditor<TRecord, V>>;

type NamedValues = { name: string; description: string };
type NamedRecord = { name: string; description: string | null };
const blankNamed: NamedValues = { name: "", description: "" };
const namedValuesOf = (record: NamedRecord): NamedValues => ({ name: record.name, description: record.description ?? "" });
/** An empty description is sent as none. */
const namedBody = (values: NamedValues) => ({ ...values, description: values.description || null });

/** useRecordEditor for a record with a name and a description (a group, a role). */
export function useNamedRecordEditor<TRecord extends NamedRecord>(
  options: Pick<Options<TRecord, NamedValues>, "schema" | "path" | "hexId" | "onSaved">,
) {
  return useRecordEditor<TRecord, NamedValues>({ ...options, blank: blankNamed, valuesOf: namedValuesOf, body: namedBody });
}

/**
 * The name and description form of a group or a role. Its texts are the namespace's
 * newTitle, editTitle, name, description, save and cancel.
 */
export function NamedRecordForm<TRecord extends { name: string }>({
  editor,
  namespace,
  permissions,
  testId,
}: {
  editor: RecordEditor<TRecord, NamedValues>;
  namespace: "groups" | "roles";
  permissions: Pick<CatalogPermissions, "canCreate" | "canUpdate">;
  testId: string;
}) {
  const t = useTranslations(namespace);
  const { form, editing } = editor;
  if (!(editing ? permissions.canUpdate : permissions.canCreate)) return null;
  return (
    <FormCard
      form={form}
      title={editing ? t("editTitle", { name: editing.name }) : t("newTitle")}
      className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      formTestId={testId}
      submitLabel={t("save")}
      cancelLabel={t("cancel")}
      onCancel={editing ? editor.cancel : undefined}
    >
      <TextField label={t("name")} maxLength={80} error={form.error("name")} {...form.register("name")} />
      <TextField label={t("description")} maxLength={255} error={form.error("description")} {...form.register("description")} />
    </FormCard>
  );
}

/** A group's or a role's name, with its description under it. */
export function NameWithDescription({ record }: { record: { name: string; description: string | null } }) {
  return (
    <div>
      <span className="font-medium">{record.name}</span>
      {record.description ? <p className="text-xs text-slate-500">{record.description}</p> : null}
    </div>
  );
}
