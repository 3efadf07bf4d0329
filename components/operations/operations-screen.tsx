"use client";

import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { SearchField, SelectField, TextField } from "@/components/ui/field";
import { useListScreen } from "@/components/client/use-list-screen";
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
  const [moduleId, setModuleId] = useState("");
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [exporting, setExporting] = useState<OperationLogExportFormat | null>(null);
  const datesInvalid = !!from && !!to && from > to;
  const filterValues = { moduleId: moduleId || undefined, from: from || undefined, to: to || undefined };
  // The server rendered the first page; days the wrong way round are not asked (the field says why).
  const list = useListScreen<OperationLogPage, OperationLogRow>({
    path: "/api/data/operationLogs/search",
    rows: (page) => page._embedded.operationLogs,
    paging: { defaultPageSize },
    filters: filterValues,
    initial: initialPage,
    paused: datesInvalid,
  });
  const { search, firstPage } = list;

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
    // The same filters drive the list and the exports.
    const params = new URLSearchParams();
    if (search) params.set("search", search);
    for (const [name, value] of Object.entries(filterValues)) if (value) params.set(name, value);
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

  const filtered = !!(search || moduleId || from || to);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="w-full max-w-sm">
          <SearchField
            box={list.searchBox}
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
        {t("timeZone", { timeZone: (list.data ?? initialPage).timeZone })}
      </p>

      <DataTable
        columns={columns}
        {...list.table}
        getRowId={(row) => String(row.id)}
        paginationLabels={paginationLabels}
        loadingText={t("loading")}
        emptyText={filtered ? t("noResults") : t("empty")}
        testIdPrefix="operations"
        rowTestId="operation-row"
        rowIdAttribute="data-operation"
      />
    </div>
  );
}
