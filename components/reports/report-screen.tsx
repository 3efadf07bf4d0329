"use client";

import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { PaginationState, SortingState } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { DataTable, pageSizeOptions } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/field";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";
import { useApi } from "@/components/client/use-api";
import { useDebouncedSearch } from "@/components/client/use-debounced-search";
import { downloadFile } from "@/components/client/download-file";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { documentStatuses } from "@/lib/documents/list-schemas";
import {
  signerStatuses,
  type ReportCharts,
  type ReportExportFormat,
  type ReportName,
  type ShipmentReportPage,
  type SignatureReportPage,
} from "@/lib/reports/report-schemas";
import { ReportChartsView, type ChartColours } from "./report-charts";
import { useShipmentColumns, useSignatureColumns } from "./report-columns";

type Option = { hexId: string; name: string };
type AnyPage = ShipmentReportPage | SignatureReportPage;

type Props = {
  report: ReportName;
  defaultPageSize: number;
  initialFrom: string;
  initialTo: string;
  initialPage: AnyPage;
  initialCharts: ReportCharts;
  senders: Option[];
  flows: Option[];
  maxExportRows: number;
  colours: ChartColours;
};

const defaultSort = { shipments: "createdAt", signatures: "invitedAt" } as const;

/** Fetches `path` whenever it changes (not for the query the server already rendered) and keeps which query the shown data answers. */
function useServerData<T>(path: string | null, initialPath: string, initial: T): { data: T; loading: boolean } {
  const api = useApi();
  const [state, setState] = useState({ key: initialPath, data: initial });
  const shown = useRef(initialPath);
  useEffect(() => {
    if (path === null || path === shown.current) return;
    let current = true;
    void api<T>(path).then((result) => {
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      shown.current = path;
      setState({ key: path, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [api, path]);
  return { data: state.data, loading: path !== null && state.key !== path };
}

/** /report/{item}/{id}/{type}: filter, sort and page a report on the server, see its charts, export it to Excel or PDF. */
export function ReportScreen(props: Props) {
  const { report, defaultPageSize, initialFrom, initialTo, senders, flows, maxExportRows, colours } = props;
  const t = useTranslations("reports");
  const tErrors = useTranslations("errors");
  const tStatus = useTranslations(report === "shipments" ? "documentStatus" : "signerStatus");
  const locale = useLocale();
  const paginationLabels = usePaginationLabels((total) => t(`pagination.${report}`, { total }));
  const [filters, setFilters] = useState({ from: initialFrom, to: initialTo, status: "", sender: "", flow: "", search: "" });
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [sorting, setSorting] = useState<SortingState>([{ id: defaultSort[report], desc: true }]);
  const [exporting, setExporting] = useState<ReportExportFormat | null>(null);
  const setFilter = (name: keyof typeof filters, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };
  const searchBox = useDebouncedSearch((value) => setFilter("search", value));

  const datesInvalid = !!filters.from && !!filters.to && filters.from > filters.to;
  const filterParams = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
  const sort = sorting[0] ?? { id: defaultSort[report], desc: true };
  const listParams = new URLSearchParams(filterParams);
  listParams.set("page", String(pagination.pageIndex));
  listParams.set("size", String(pagination.pageSize));
  listParams.set("sort", `${sort.id},${sort.desc ? "desc" : "asc"}`);
  // The charts follow the same filters; a signer's status is no shipment status, so the signature report's stays out.
  const chartParams = new URLSearchParams(filterParams);
  if (report === "signatures") chartParams.delete("status");

  const initialFilters = new URLSearchParams({ from: initialFrom, to: initialTo });
  const initialList = new URLSearchParams(initialFilters);
  initialList.set("page", "0");
  initialList.set("size", String(defaultPageSize));
  initialList.set("sort", `${defaultSort[report]},desc`);
  const list = useServerData<AnyPage>(
    datesInvalid ? null : `/api/reports/${report}?${listParams}`,
    `/api/reports/${report}?${initialList}`,
    props.initialPage,
  );
  const charts = useServerData<ReportCharts>(
    datesInvalid ? null : `/api/reports/charts?${chartParams}`,
    `/api/reports/charts?${initialFilters}`,
    props.initialCharts,
  );
  const shipmentColumns = useShipmentColumns(list.data.timeZone);
  const signatureColumns = useSignatureColumns(list.data.timeZone);

  const exportAs = async (format: ReportExportFormat) => {
    setExporting(format);
    const params = new URLSearchParams(filterParams);
    params.set("sort", `${sort.id},${sort.desc ? "desc" : "asc"}`);
    params.set("format", format);
    const result = await downloadFile(`/api/reports/${report}/export?${params}`, {
      locale,
      fallbackName: `${t(`fileNames.${report}`)}.${format}`,
      connectionLostMessage: tErrors("CONNECTION_LOST"),
    });
    setExporting(null);
    if (result.ok) notifySuccess(t("notices.exported"));
    else notifyApiError(result.error);
  };

  const filtered = Object.values(filters).some(Boolean);
  const tableProps = {
    total: list.data.page.totalElements,
    pagination,
    onPaginationChange: setPagination,
    pageSizes: pageSizeOptions(defaultPageSize),
    paginationLabels,
    sorting,
    onSortingChange: (next: SortingState) => {
      setSorting(next);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    loading: list.loading,
    loadingText: t("loading"),
    emptyText: filtered ? t("noResults") : t("empty"),
    testIdPrefix: "report",
    rowTestId: "report-row",
  };
  const statuses = report === "shipments" ? documentStatuses : signerStatuses;
  const select = (name: "status" | "sender" | "flow", label: string, all: string, options: { value: string; label: string }[]) => (
    <div className="w-48">
      <SelectField
        label={label}
        name={`report-${name}`}
        value={filters[name]}
        onChange={(e) => setFilter(name, e.target.value)}
        data-testid={`report-${name}`}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
  const dateField = (name: "from" | "to") => (
    <div className="w-44">
      <TextField
        label={t(`filters.${name}`)}
        name={`report-${name}`}
        type="date"
        value={filters[name]}
        error={name === "from" && datesInvalid ? tErrors("LOG_EXPORT_DATES") : undefined}
        onChange={(e) => setFilter(name, e.target.value)}
        data-testid={`report-${name}`}
      />
    </div>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start gap-3" role="search">
        <div className="w-full max-w-xs">
          <TextField
            label={t("filters.search")}
            name="report-search"
            type="search"
            placeholder={t(report === "shipments" ? "filters.searchShipments" : "filters.searchSignatures")}
            value={searchBox.text}
            onChange={(e) => searchBox.onChange(e.target.value)}
            data-testid="report-search"
          />
        </div>
        {dateField("from")}
        {dateField("to")}
        {select(
          "status",
          t("filters.status"),
          t("filters.allStatuses"),
          statuses.map((status) => ({ value: status, label: tStatus(status) })),
        )}
        {select(
          "sender",
          t("filters.sender"),
          t("filters.allSenders"),
          senders.map((s) => ({ value: s.hexId, label: s.name })),
        )}
        {select(
          "flow",
          t("filters.flow"),
          t("filters.allFlows"),
          flows.map((f) => ({ value: f.hexId, label: f.name })),
        )}
        <div className="ml-auto space-y-1">
          <div className="flex flex-wrap gap-2 pt-6">
            {(["xlsx", "pdf"] as const).map((format) => (
              <Button
                key={format}
                type="button"
                variant="secondary"
                disabled={exporting !== null || datesInvalid}
                onClick={() => void exportAs(format)}
                data-testid={`report-export-${format}`}
              >
                {t(format === "xlsx" ? "exportXlsx" : "exportPdf")}
              </Button>
            ))}
          </div>
          <p className="max-w-xs text-xs text-slate-500">{t("exportHint", { max: maxExportRows })}</p>
        </div>
      </div>

      <ReportChartsView data={charts.data} colours={colours} />

      <div className="space-y-2">
        <p className="text-xs text-slate-500" data-testid="report-time-zone">
          {t("timeZone", { timeZone: list.data.timeZone })}
        </p>
        {"shipments" in list.data._embedded ? (
          <DataTable
            {...tableProps}
            columns={shipmentColumns}
            data={list.data._embedded.shipments}
            getRowId={(row) => row.documentHexId}
            rowIdAttribute="data-document"
          />
        ) : (
          <DataTable
            {...tableProps}
            columns={signatureColumns}
            data={list.data._embedded.signatures}
            getRowId={(row) => row.signerHexId}
            rowIdAttribute="data-process"
          />
        )}
      </div>
    </div>
  );
}
