"use client";

import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable, type PaginationState } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError } from "@/components/client/notify";
import { documentStatuses, type DocumentListPage, type DocumentListRow } from "@/lib/documents/list-schemas";
import { DocumentStatusBadge } from "./status-badge";

const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, DocumentListRow>();

/** Drafts are still being prepared; every other shipment has its detail page. */
export const documentHref = (row: Pick<DocumentListRow, "documentHexId" | "status">) =>
  row.status === "DRAFT" ? `/prepare-document/${row.documentHexId}` : `/docdetail/${row.documentHexId}`;

/** /signatures: search, filter and page the organisation's shipments on the server. */
export function SignaturesScreen({ defaultPageSize, initialPage }: { defaultPageSize: number; initialPage: DocumentListPage }) {
  const t = useTranslations("signatures");
  const tStatus = useTranslations("documentStatus");
  const format = useFormatter();
  const api = useApi();
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const searchTimer = useRef<number | undefined>(undefined);

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

  const onSearch = (value: string) => {
    setSearchText(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      setSearch(value.trim());
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    }, 300);
  };

  const columns = useMemo(() => {
    const date = (value: string | null) => (value ? format.dateTime(new Date(value), { dateStyle: "short", timeStyle: "short" }) : "—");
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
  }, [t, format]);

  const table = useTable({
    features,
    columns,
    data: page.data._embedded.documents,
    rowCount: page.data.page.totalElements,
    state: { pagination },
    onPaginationChange: setPagination,
    manualPagination: true,
    getRowId: (row) => row.documentHexId,
  });

  const loading = page.key !== query;
  const rows = table.getRowModel().rows;
  const total = page.data.page.totalElements;
  const pageSizes = [...new Set([defaultPageSize, 10, 25, 50, 100])].sort((a, b) => a - b);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <TextField label={t("search")} name="document-search" type="search" placeholder={t("searchPlaceholder")} value={searchText} onChange={(e) => onSearch(e.target.value)} data-testid="signatures-search" />
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

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="signatures-table" aria-busy={loading}>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-4 py-3">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50" data-testid="document-row" data-document={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="whitespace-nowrap px-4 py-3 text-slate-800">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500" data-testid="signatures-empty">
                  {loading ? t("loading") : search || status ? t("noResults") : t("empty")}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <p data-testid="signatures-total">{t("pagination.total", { total })}</p>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2">
            <span>{t("pagination.rowsPerPage")}</span>
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={pagination.pageSize}
              onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
              data-testid="signatures-page-size"
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <span>{t("pagination.pageOf", { page: pagination.pageIndex + 1, pages: Math.max(1, table.getPageCount()) })}</span>
          <div className="flex gap-1">
            <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()} data-testid="signatures-previous">
              {t("pagination.previous")}
            </Button>
            <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()} data-testid="signatures-next">
              {t("pagination.next")}
            </Button>
          </div>
        </div>
      </nav>
    </div>
  );
}
