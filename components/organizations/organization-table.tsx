import type { ReactNode } from "react";

type Props = {
  headers: ReactNode[];
  rows: { id: string; cells: ReactNode[] }[];
  loading: boolean;
  loadingText: string;
  emptyText: string;
  testId: string;
  rowTestId: string;
};

/** A plain table for the short, unpaged lists of /organization and /managers. */
export function SimpleTable({ headers, rows, loading, loadingText, emptyText, testId, rowTestId }: Props) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" data-testid={testId} aria-busy={loading}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header, i) => (
              <th key={i} scope="col" className="px-3 py-2 text-left font-medium text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid={rowTestId} data-id={row.id}>
              {row.cells.map((cell, i) => (
                <td key={i} className="px-3 py-2 align-top text-slate-800">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-6 text-center text-slate-500" data-testid={`${testId}-empty`}>
                {loading ? loadingText : emptyText}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

export function Badge({ tone, children }: { tone: "ok" | "off" | "pending"; children: ReactNode }) {
  const colours = { ok: "bg-emerald-50 text-emerald-800", off: "bg-red-50 text-red-800", pending: "bg-amber-50 text-amber-800" };
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs ${colours[tone]}`}>{children}</span>;
}
