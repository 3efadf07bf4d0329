"use client";

import Link from "next/link";
import { useMemo } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/field";
import { useListScreen } from "@/components/client/use-list-screen";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";
import { ValidationStatusBadge } from "@/components/documents/status-badge";
import type { ValidationProcessPage, ValidationProcessRow } from "@/lib/validation-review/schemas";

type Props = {
  /** The status tab (the route's {status} segment); null for every status. */
  status: string | null;
  statuses: readonly string[];
  /** Only the processes of this validation link (the route's {hexId} segment naming a link). */
  link: { validationHexId: string; description: string } | null;
  defaultPageSize: number;
};

const helper = dataTableColumns<ValidationProcessRow>();

/** /seeValidation[/{all|validationHexId}/{status}]: the organisation's validation processes, by status, searched and paged on the server. */
export function ValidationProcessList({ status, statuses, link, defaultPageSize }: Props) {
  const t = useTranslations("validationReview");
  const format = useFormatter();
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const list = useListScreen<ValidationProcessPage, ValidationProcessRow>({
    path: "/api/validation-processes",
    rows: (page) => page._embedded.validationProcesses,
    paging: { defaultPageSize },
    filters: { status: status ?? undefined, validationHexId: link?.validationHexId },
    searchParam: "q",
  });
  const { search, searchBox } = list;

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("person", {
          header: () => t("columns.person"),
          cell: (info) => {
            const row = info.row.original;
            return (
              <Link
                className="font-medium text-sky-700 hover:underline"
                href={`/seeValidation/${row.processHexId}`}
                data-testid="validation-process-open"
              >
                {row.person ?? t("noName")}
                {row.identNumber ? <span className="block text-xs font-normal text-slate-500">{row.identNumber}</span> : null}
              </Link>
            );
          },
        }),
        helper.accessor("description", {
          header: () => t("columns.link"),
          cell: (info) => (
            <>
              {info.getValue() ?? "—"}
              <span className="block text-xs text-slate-500">{info.row.original.flowName}</span>
            </>
          ),
        }),
        helper.accessor("startedAt", {
          header: () => t("columns.started"),
          cell: (info) => format.dateTime(new Date(info.getValue()), { dateStyle: "medium", timeStyle: "short" }),
        }),
        helper.accessor("status", {
          header: () => t("columns.status"),
          cell: (info) => <ValidationStatusBadge status={info.getValue()} />,
        }),
        helper.accessor("checks", {
          header: () => t("columns.checks"),
          cell: (info) => {
            const checks = info.getValue();
            return (
              <span className="text-xs text-slate-700" data-testid="validation-process-checks">
                {t("checks.summary", {
                  evidences: checks.evidences,
                  verified: checks.verified,
                  failed: checks.failed,
                  inReview: checks.inReview,
                })}
                {" · "}
                {checks.located ? t("checks.located") : t("checks.notLocated")}
              </span>
            );
          },
        }),
      ]),
    [t, format],
  );

  const counts = list.data?.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const scope = link ? link.validationHexId : "all";
  const tab = (code: string | null, label: string, count: number) => {
    const active = code === status;
    return (
      <Link
        key={code ?? "all"}
        href={code ? `/seeValidation/${scope}/${code}` : link ? `/seeValidation/${scope}` : "/seeValidation"}
        aria-current={active ? "page" : undefined}
        className={`rounded-full px-3 py-1 text-sm ${active ? "bg-sky-700 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
        data-testid={`validation-tab-${code ?? "ALL"}`}
      >
        {label} <span className="opacity-75">({count})</span>
      </Link>
    );
  };

  return (
    <div className="space-y-4">
      {link ? (
        <p className="text-sm text-slate-600" data-testid="validation-review-link">
          {t("ofLink", { description: link.description })} ·{" "}
          <Link className="text-sky-700 hover:underline" href="/seeValidation">
            {t("allLinks")}
          </Link>
        </p>
      ) : null}
      <nav className="flex flex-wrap gap-2" aria-label={t("tabsLabel")}>
        {tab(null, t("tabs.all"), total)}
        {statuses.map((code) => tab(code, t(`tabs.${code}`), counts[code] ?? 0))}
      </nav>
      <div className="w-full max-w-md">
        <TextField
          label={t("search")}
          name="validation-process-search"
          type="search"
          placeholder={t("searchPlaceholder")}
          value={searchBox.text}
          onChange={(e) => searchBox.onChange(e.target.value)}
          data-testid="validation-processes-search"
        />
      </div>
      <DataTable
        columns={columns}
        {...list.table}
        getRowId={(row) => row.processHexId}
        paginationLabels={paginationLabels}
        loadingText={t("loading")}
        emptyText={search ? t("noResults") : t("empty")}
        testIdPrefix="validation-processes"
        rowTestId="validation-process-row"
        rowIdAttribute="data-process"
      />
    </div>
  );
}
