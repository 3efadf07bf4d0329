"use client";

import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import type { PaginationState } from "@tanstack/react-table";
import { DataTable, dataTableColumns, pageSizeOptions } from "@/components/ui/data-table";
import { SearchField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { useDebouncedSearch } from "@/components/client/use-debounced-search";
import { notifyApiError } from "@/components/client/notify";
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
  const api = useApi();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const searchBox = useDebouncedSearch((value) => {
    setSearch(value);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  });

  const params = new URLSearchParams({ page: String(pagination.pageIndex), size: String(pagination.pageSize) });
  if (search) params.set("search", search);
  if (status) params.set("status", status);
  const query = params.toString();
  const initialQuery = new URLSearchParams({ page: "0", size: String(defaultPageSize) }).toString();
  // The server rendered the first page; the key tells which query the rows on screen answer.
  const [page, setPage] = useState<{ key: string; data: DocumentListPage }>({ key: initialQuery, data: initialPage });
  const shownQuery = useRef(initialQuery);

  useEffect(() => {
    if (query === shownQuery.current) return;
    let current = true;
    void api<DocumentListPage>(`/api/documents?${query}`).then((result) => {
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      shownQuery.current = query;
      setPage({ key: query, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [api, query]);

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

  const loading = page.key !== query;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <SearchField
            box={searchBox}
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
              setPagination((p) => ({ ...p, pageIndex: 0 }));
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
        data={page.data._embedded.documents}
        getRowId={(row) => row.documentHexId}
        total={page.data.page.totalElements}
        pagination={pagination}
        onPaginationChange={setPagination}
        pageSizes={pageSizeOptions(defaultPageSize)}
        paginationLabels={paginationLabels}
        loading={loading}
        loadingText={t("loading")}
        emptyText={search || status ? t("noResults") : t("empty")}
        testIdPrefix="signatures"
        rowTestId="document-row"
        rowIdAttribute="data-document"
      />
    </div>
  );
}
