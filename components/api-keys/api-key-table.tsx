"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import type { ApiKeyView } from "@/lib/api-keys/schemas";

// A handful of keys per organisation: no sorting or paging.
const column = dataTableColumns<ApiKeyView>();

/** /apisadhoc: the organisation's keys; only the prefix of each is ever shown. */
export function ApiKeyTable({ keys }: { keys: ApiKeyView[] }) {
  const t = useTranslations("apiKeys");
  const format = useFormatter();
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : t("never"));
  const columns = column.columns([
    column.accessor("name", {
      header: t("name"),
      cell: (info) => (
        <Link href={`/api-management/${info.row.original.apiUserHexId}`} className="font-medium text-brand-700 hover:underline">
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor("prefix", { header: t("prefix"), cell: (info) => <code className="font-mono text-xs">{info.getValue()}…</code> }),
    column.accessor("enabled", {
      header: t("status"),
      cell: (info) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${info.getValue() ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
        >
          {info.getValue() ? t("enabled") : t("disabled")}
        </span>
      ),
    }),
    column.accessor((key) => key.role?.name ?? "—", { id: "role", header: t("role") }),
    column.accessor("createdAt", { header: t("createdAt"), cell: (info) => when(info.getValue()) }),
    column.accessor("lastUsedAt", { header: t("lastUsedAt"), cell: (info) => when(info.getValue()) }),
  ]);
  return (
    <DataTable
      data={keys}
      columns={columns}
      getRowId={(key) => key.apiUserHexId}
      loading={false}
      loadingText=""
      emptyText={t("empty")}
      testIdPrefix="api-keys"
      rowTestId="api-key-row"
    />
  );
}
