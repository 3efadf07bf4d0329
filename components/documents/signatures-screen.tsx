"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { SearchField } from "@/components/ui/field";
import { useListScreen } from "@/components/client/use-list-screen";
import { documentStatuses, type DocumentListPage, type DocumentListRow } from "@/lib/documents/list-schemas";
import { DocumentStatusBadge } from "./status-badge";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";

const helper = dataTableColumns<DocumentListRow>();

/** Drafts are still being prepared; every other shipment has its detail page. */
export const documentHref = (row: Pick<DocumentListRow, "documentHexId" | "status">) =>
  row.status === "DRAFT" ? `/prepare-document/${row.documentHexId}` : `/docdetail/${row.documentHexId}`;

/** /signatures: search, filter and page the organisation's shipments on the server. */
export function SignaturesScreen({ defaultPageSize, initialPage }: { defaultPageSize: number; initialPage: DocumentListPage }) {
  const t = useTranslations("signatures");
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }), false);
  const tStatus = useTranslations("documentStatus");
  const locale = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  const [status, setStatus] = useState("");
  // The server rendered the first page.
  const list = useListScreen<DocumentListPage, DocumentListRow>({
    path: "/api/documents",
    rows: (page) => page._embedded.documents,
    paging: { defaultPageSize },
    filters: { status: status || undefined },
    initial: initialPage,
  });

  const columns = useMemo(() => {
    const date = (value: string | null) => (value ? formatZonedTime(value, locale, timeZone) : "—");
    return helper.columns([
      helper.accessor("title", {
        header: () => t("columns.title"),
        cell: (info) => (
          <Link href={documentHref(info.row.original)} className="font-medium text-brand-700 hover:underline" data-testid="document-link">
            {info.getValue()}
          </Link>
        ),
      }),
      helper.accessor("status", { header: () => t("columns.status"), cell: (info) => <DocumentStatusBadge status={info.getValue()} /> }),
      helper.accessor("signersSigned", {
        header: () => t("columns.signers"),
        cell: (info) => t("signedOf", { signed: info.getValue(), total: info.row.original.signersTotal }),
      }),
      helper.accessor("sentAt", { header: () => t("columns.sentAt"), cell: (info) => date(info.getValue()) }),
      helper.accessor("expirationDate", { header: () => t("columns.expirationDate"), cell: (info) => date(info.getValue()) }),
    ]);
  }, [t, locale, timeZone]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <SearchField
            box={list.searchBox}
            label={t("search")}
            name="document-search"
            placeholder={t("searchPlaceholder")}
            data-testid="signatures-search"
          />
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          <span>{t("statusFilter")}</span>
          <select
            className="rounded-md border border-slate-300 bg-white px-3 py-2"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              list.firstPage();
            }}
            data-testid="signatures-status"
          >
            <option value="">{t("allStatuses")}</option>
            {documentStatuses.map((value) => (
              <option key={value} value={value}>
                {tStatus(value)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <DataTable
        columns={columns}
        {...list.table}
        getRowId={(row) => row.documentHexId}
        paginationLabels={paginationLabels}
        loadingText={t("loading")}
        emptyText={list.search || status ? t("noResults") : t("empty")}
        testIdPrefix="signatures"
        rowTestId="document-row"
        rowIdAttribute="data-document"
      />
    </div>
  );
}
