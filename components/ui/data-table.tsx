"use client";

import {
  createColumnHelper,
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnHelper,
  type PaginationState,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { Pagination, type PaginationLabels } from "./pagination";

export { pageSizeOptions, type PaginationLabels } from "./pagination";

// One table for the lists: the screen fetches a page and owns the paging (and sorting) state; the
// table shows the rows, the empty or loading line, and the pager under it. A short list fetched
// whole (groups, roles, organisations) leaves the paging out and gets no pager.

export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type DataTableFeatures = typeof dataTableFeatures;

/** The column helper for a DataTable of `TData` rows: `const helper = dataTableColumns<ContactView>()`. */
export function dataTableColumns<TData extends RowData>(): ColumnHelper<DataTableFeatures, TData> {
  return createColumnHelper<DataTableFeatures, TData>();
}

export type DataTableColumns<TData extends RowData> = ReturnType<ColumnHelper<DataTableFeatures, TData>["columns"]>;

export type DataTableProps<TData extends RowData> = {
  columns: DataTableColumns<TData>;
  /** This page's rows, as the server sent them. */
  data: TData[];
  getRowId: (row: TData) => string;
  /** Rows the whole query finds (with paging). */
  total?: number;
  /** Server paging: given all four, the pager shows under the table. */
  pagination?: PaginationState;
  onPaginationChange?: (next: PaginationState) => void;
  pageSizes?: readonly number[];
  paginationLabels?: PaginationLabels;
  /** Given with onSortingChange, headers of sortable columns become sort buttons (sorted on the server). */
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  /** The rows on screen do not answer the current query yet. */
  loading: boolean;
  loadingText: string;
  /** Shown when the answer has no rows (e.g. "no contacts yet" or "nothing matches the search"). */
  emptyText: string;
  /** Test ids: `<prefix>-table`, `<prefix>-empty` and the pager's (see Pagination). */
  testIdPrefix: string;
  rowTestId: string;
  /** A data attribute holding each row's id, e.g. "data-contact". */
  rowIdAttribute?: `data-${string}`;
  /** More data-* attributes of each row, for tests and styling (e.g. its name). */
  rowAttributes?: (row: TData) => Record<`data-${string}`, string>;
};

const noSorting: SortingState = [];

export function DataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  total,
  pagination,
  onPaginationChange,
  pageSizes,
  paginationLabels,
  sorting,
  onSortingChange,
  loading,
  loadingText,
  emptyText,
  testIdPrefix,
  rowTestId,
  rowIdAttribute,
  rowAttributes,
}: DataTableProps<TData>) {
  const sortable = sorting !== undefined && onSortingChange !== undefined;
  const pager =
    pagination && onPaginationChange && pageSizes && paginationLabels
      ? { pagination, onPaginationChange, pageSizes, paginationLabels }
      : null;
  const state = { pagination: pagination ?? { pageIndex: 0, pageSize: Math.max(data.length, 1) }, sorting: sorting ?? noSorting };
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    rowCount: total ?? data.length,
    state,
    onPaginationChange: (updater) => onPaginationChange?.(functionalUpdate(updater, state.pagination)),
    onSortingChange: (updater) => onSortingChange?.(functionalUpdate(updater, sorting ?? noSorting)),
    manualPagination: true,
    manualSorting: true,
    enableSorting: sortable,
    enableSortingRemoval: false,
    enableMultiSort: false,
    getRowId,
  });
  const rows = table.getRowModel().rows;

  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={`${testIdPrefix}-table`} aria-busy={loading}>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-4 py-3"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr
                key={row.id}
                className="hover:bg-slate-50"
                data-testid={rowTestId}
                {...(rowIdAttribute ? { [rowIdAttribute]: row.id } : {})}
                {...rowAttributes?.(row.original)}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="whitespace-nowrap px-4 py-3 text-slate-800">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500" data-testid={`${testIdPrefix}-empty`}>
                  {loading ? loadingText : emptyText}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      {pager ? (
        <Pagination
          pagination={pager.pagination}
          onPaginationChange={pager.onPaginationChange}
          total={total ?? data.length}
          pageSizes={pager.pageSizes}
          labels={pager.paginationLabels}
          testIdPrefix={testIdPrefix}
        />
      ) : null}
    </>
  );
}
