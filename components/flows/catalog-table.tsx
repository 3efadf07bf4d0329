"use client";

import { createColumnHelper, tableFeatures, useTable, type RowData, type TableOptions } from "@tanstack/react-table";

// The tables of /fileType and /flows: plain rows, no sorting or paging (an organisation holds a
// handful of types and flows), so the table needs no feature beyond the core.

export const catalogFeatures = tableFeatures({});
export type CatalogFeatures = typeof catalogFeatures;

export function catalogColumnHelper<T extends RowData>() {
  return createColumnHelper<CatalogFeatures, T>();
}

type Props<T extends RowData> = {
  data: T[];
  columns: TableOptions<CatalogFeatures, T>["columns"];
  rowId: (row: T) => string;
  /** data-* attributes of each row, for tests and styling. */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  empty: string;
  testId: string;
};

export function CatalogTable<T extends RowData>({ data, columns, rowId, rowAttributes, empty, testId }: Props<T>) {
  const table = useTable({ features: catalogFeatures, columns, data, getRowId: rowId });
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={testId}>
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-3 text-left font-medium text-slate-600">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={table.getAllColumns().length} className="px-4 py-6 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} {...rowAttributes?.(row.original)}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3 align-middle text-slate-800">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
