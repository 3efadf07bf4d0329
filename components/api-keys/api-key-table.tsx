"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import type { ApiKeyView } from "@/lib/api-keys/schemas";

// A handful of keys per organisation: the core table, no sorting or paging.
const features = tableFeatures({});
const column = createColumnHelper<typeof features, ApiKeyView>();

/** /apisadhoc: the organisation's keys; only the prefix of each is ever shown. */
export function ApiKeyTable({ keys }: { keys: ApiKeyView[] }) {
  const t = useTranslations("apiKeys");
  const format = useFormatter();
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : t("never"));
  const columns = column.columns([
    column.accessor("name", {
      header: t("name"),
      cell: (info) => (
        <Link href={`/api-management/${info.row.original.hexId}`} className="font-medium text-brand-700 hover:underline">
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
  const table = useTable({ features, data: keys, columns, getRowId: (key) => key.hexId });

  if (keys.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="api-keys-empty">
        {t("empty")}
      </p>
    );

  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="api-keys-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 text-left font-medium text-slate-600">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="api-key-row">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 text-slate-800">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
