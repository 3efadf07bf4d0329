"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { PaginationState } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns, pageSizeOptions } from "@/components/ui/data-table";
import { SearchField, SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { useDebouncedSearch } from "@/components/client/use-debounced-search";
import { downloadFile } from "@/components/client/download-file";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { Module } from "@/lib/db/generated/enums";
import type { OperationLogExportFormat, OperationLogPage, OperationLogRow } from "@/lib/audit/operation-log-schemas";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";

const helper = dataTableColumns<OperationLogRow>();

type Props = {
  defaultPageSize: number;
  /** The days the list starts with (the month up to today on the organisation's clocks). */
  initialFrom: string;
  initialTo: string;
  initialPage: OperationLogPage;
  modules: readonly Module[];
  canExport: boolean;
  maxExportRows: number;
};

/** /trading-history: search, filter and page the organisation's operation log on the server; export it to Excel or PDF. */
export function OperationsScreen({ defaultPageSize, initialFrom, initialTo, initialPage, modules, canExport, maxExportRows }: Props) {
  const t = useTranslations("operations");
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const api = useApi();
  const [search, setSearch] = useState("");
  const [moduleId, setModuleId] = useState("");
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [exporting, setExporting] = useState<OperationLogExportFormat | null>(null);
  const firstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));
  const searchBox = useDebouncedSearch((value) => {
    setSearch(value);
    firstPage();
  });

  // The same filters drive the list and the exports.
  const filters = new URLSearchParams();
  if (search) filters.set("search", search);
  if (moduleId) filters.set("moduleId", moduleId);
  if (from) filters.set("from", from);
  if (to) filters.set("to", to);
  const datesInvalid = !!from && !!to && from > to;
  const query = new URLSearchParams({
    ...Object.fromEntries(filters),
    page: String(pagination.pageIndex),
    size: String(pagination.pageSize),
  }).toString();
  const initialQuery = new URLSearchParams({ from: initialFrom, to: initialTo, page: "0", size: String(defaultPageSize) }).toString();
  // The server rendered the first page; the key tells which query the rows on screen answer.
  const [page, setPage] = useState<{ key: string; data: OperationLogPage }>({ key: initialQuery, data: initialPage });
  const shownQuery = useRef(initialQuery);

  useEffect(() => {
    if (query === shownQuery.current || datesInvalid) return;
    let current = true;
    void api<OperationLogPage>(`/api/data/operationLogs/search?${query}`).then((result) => {
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      shownQuery.current = query;
      setPage({ key: query, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [api, query, datesInvalid]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("eventTimestamp", {
          header: () => t("columns.eventTimestamp"),
          cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
        }),
        helper.accessor("moduleId", { header: () => t("columns.module"), cell: (info) => t(`modules.${info.getValue()}`) }),
        helper.accessor("operationEventId", {
          header: () => t("columns.event"),
          cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
        }),
        helper.accessor("userFullName", {
          header: () => t("columns.user"),
          cell: (info) => {
            const row = info.row.original;
            if (!row.userFullName) return t("noUser");
            return (
              <div data-testid="operation-user">
                <div>{row.userFullName}</div>
                <div className="text-xs text-slate-500">{row.userEmail}</div>
              </div>
            );
          },
        }),
        helper.accessor("detail", {
          header: () => t("columns.detail"),
          cell: (info) => (
            <span className="block min-w-64 max-w-xl whitespace-normal break-words text-xs text-slate-600">{info.getValue()}</span>
          ),
        }),
      ]),
    [t],
  );

  const exportAs = async (format: OperationLogExportFormat) => {
    setExporting(format);
    const params = new URLSearchParams(filters);
    params.set("format", format);
    const result = await downloadFile(`/api/data/operationLogs/export?${params}`, {
      locale,
      fallbackName: `operations.${format}`,
      connectionLostMessage: tErrors("CONNECTION_LOST"),
    });
    setExporting(null);
    if (result.ok) notifySuccess(t("notices.exported"));
    else notifyApiError(result.error);
  };

  const loading = !datesInvalid && page.key !== query;
  const filtered = !!(search || moduleId || from || to);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="w-full max-w-sm">
          <SearchField
            box={searchBox}
            label={t("search")}
            name="operation-search"
            placeholder={t("searchPlaceholder")}
            data-testid="operations-search"
          />
        </div>
        <div className="w-48">
          <SelectField
            label={t("moduleFilter")}
            name="operation-module"
            value={moduleId}
            onChange={(e) => {
              setModuleId(e.target.value);
              firstPage();
            }}
            data-testid="operations-module"
          >
            <option value="">{t("allModules")}</option>
            {modules.map((value) => (
              <option key={value} value={value}>
                {t(`modules.${value}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="w-44">
          <TextField
            label={t("from")}
            name="operation-from"
            type="date"
            value={from}
            max={to || undefined}
            error={datesInvalid ? tErrors("LOG_EXPORT_DATES") : undefined}
            onChange={(e) => {
              setFrom(e.target.value);
              firstPage();
            }}
            data-testid="operations-from"
          />
        </div>
        <div className="w-44">
          <TextField
            label={t("to")}
            name="operation-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => {
              setTo(e.target.value);
              firstPage();
            }}
            data-testid="operations-to"
          />
        </div>
        {canExport ? (
          <div className="ml-auto space-y-1">
            <div className="flex flex-wrap gap-2 pt-6">
              <Button
                type="button"
                variant="secondary"
                disabled={exporting !== null || datesInvalid}
                onClick={() => void exportAs("xlsx")}
                data-testid="operations-export-xlsx"
              >
                {t("exportXlsx")}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={exporting !== null || datesInvalid}
                onClick={() => void exportAs("pdf")}
                data-testid="operations-export-pdf"
              >
                {t("exportPdf")}
              </Button>
            </div>
            <p className="max-w-xs text-xs text-slate-500">{t("exportHint", { max: maxExportRows })}</p>
          </div>
        ) : null}
      </div>

      <p className="text-xs text-slate-500" data-testid="operations-time-zone">
        {t("timeZone", { timeZone: page.data.timeZone })}
      </p>

      <DataTable
        columns={columns}
        data={page.data._embedded.operationLogs}
        getRowId={(row) => String(row.id)}
        total={page.data.page.totalElements}
        pagination={pagination}
        onPaginationChange={setPagination}
        pageSizes={pageSizeOptions(defaultPageSize)}
        paginationLabels={paginationLabels}
        loading={loading}
        loadingText={t("loading")}
        emptyText={filtered ? t("noResults") : t("empty")}
        testIdPrefix="operations"
        rowTestId="operation-row"
        rowIdAttribute="data-operation"
      />
    </div>
  );
}
