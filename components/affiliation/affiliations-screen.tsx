"use client";

import { useMemo, useTransition } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import type { PaginationState } from "@tanstack/react-table";
import { DataTable, dataTableColumns, pageSizeOptions } from "@/components/ui/data-table";
import { SearchField } from "@/components/ui/field";
import { useDebouncedSearch } from "@/components/client/use-debounced-search";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";
import type { AffiliationPage, AffiliationView } from "@/lib/affiliation/list-affiliations";

type Props = {
  data: AffiliationPage;
  /** The search the page answers, from the address. */
  search: string;
  defaultPageSize: number;
};

const helper = dataTableColumns<AffiliationView>();

/** /affiliation: the server renders the page the address asks for; searching and paging change the address. */
export function AffiliationsScreen({ data, search, defaultPageSize }: Props) {
  const t = useTranslations("affiliation");
  const format = useFormatter();
  const router = useRouter();
  const pathname = usePathname();
  const [loading, startTransition] = useTransition();
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const pagination: PaginationState = { pageIndex: data.page.number, pageSize: data.page.size };

  const go = (next: { page: number; size: number; search: string }) => {
    const params = new URLSearchParams();
    if (next.page > 0) params.set("page", String(next.page));
    if (next.size !== defaultPageSize) params.set("size", String(next.size));
    if (next.search) params.set("search", next.search);
    const query = params.toString();
    startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  };
  const searchBox = useDebouncedSearch((value) => go({ page: 0, size: pagination.pageSize, search: value }), 300, search);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: "name",
          header: () => t("columns.name"),
          cell: (info) => {
            const row = info.row.original;
            return (
              <Link href={`/seeAfiliation/${row.affiliationHexId}`} className="font-medium text-brand-700 hover:underline">
                {[row.firstName, row.lastName].filter(Boolean).join(" ") || t("unnamed")}
              </Link>
            );
          },
        }),
        helper.accessor("email", { header: () => t("columns.email"), cell: (info) => info.getValue() ?? "—" }),
        helper.accessor("cellPhone", { header: () => t("columns.phone"), cell: (info) => info.getValue() ?? "—" }),
        helper.display({
          id: "ident",
          header: () => t("columns.ident"),
          cell: (info) => [info.row.original.identType, info.row.original.identNumber].filter(Boolean).join(" ") || "—",
        }),
        helper.accessor("validationName", { header: () => t("columns.validation") }),
        helper.accessor("affiliatedAt", {
          header: () => t("columns.affiliatedAt"),
          cell: (info) => format.dateTime(new Date(info.getValue()), { dateStyle: "short", timeStyle: "short" }),
        }),
      ]),
    [t, format],
  );

  return (
    <div className="space-y-4">
      <div className="w-full max-w-md">
        <SearchField
          box={searchBox}
          label={t("search")}
          name="affiliation-search"
          placeholder={t("searchPlaceholder")}
          data-testid="affiliations-search"
        />
      </div>
      <DataTable
        columns={columns}
        data={data._embedded.affiliations}
        getRowId={(row) => row.affiliationHexId}
        total={data.page.totalElements}
        pagination={pagination}
        onPaginationChange={(next) => go({ page: next.pageIndex, size: next.pageSize, search })}
        pageSizes={pageSizeOptions(defaultPageSize)}
        paginationLabels={paginationLabels}
        loading={loading}
        loadingText={t("loading")}
        emptyText={search ? t("noResults") : t("empty")}
        testIdPrefix="affiliations"
        rowTestId="affiliation-row"
        rowIdAttribute="data-affiliation"
      />
    </div>
  );
}
