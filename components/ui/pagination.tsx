"use client";

import type { PaginationState } from "@tanstack/react-table";
import { Button } from "./button";

/** The texts of a pager, in the screen's own words (the total names what is counted). */
export type PaginationLabels = {
  /** The navigation landmark's accessible name. */
  label: string;
  total: (total: number) => string;
  rowsPerPage: string;
  pageOf: (page: number, pages: number) => string;
  previous: string;
  next: string;
  /** The first-page and last-page buttons show only when their label is given. */
  first?: string;
  last?: string;
};

/** The configured default page size among the usual choices, in order. */
export function pageSizeOptions(defaultPageSize: number): number[] {
  return [...new Set([defaultPageSize, 10, 25, 50, 100])].sort((a, b) => a - b);
}

type PaginationProps = {
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
  /** Rows the whole query finds, not only this page's. */
  total: number;
  pageSizes: readonly number[];
  labels: PaginationLabels;
  /** Test ids: `<prefix>-total`, `-page-size`, `-page`, `-first`, `-previous`, `-next`, `-last`. */
  testIdPrefix: string;
};

/** Total, rows-per-page select and page navigation for a server-paged list. */
export function Pagination({ pagination, onPaginationChange, total, pageSizes, labels, testIdPrefix }: PaginationProps) {
  const { pageIndex, pageSize } = pagination;
  const pageCount = Math.ceil(total / pageSize);
  const canPrevious = pageIndex > 0;
  const canNext = pageIndex < pageCount - 1;
  const goTo = (index: number) => onPaginationChange({ pageIndex: index, pageSize });

  return (
    <nav aria-label={labels.label} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p data-testid={`${testIdPrefix}-total`}>{labels.total(total)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2">
          <span>{labels.rowsPerPage}</span>
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1"
            value={pageSize}
            onChange={(e) => onPaginationChange({ pageIndex: 0, pageSize: Number(e.target.value) })}
            data-testid={`${testIdPrefix}-page-size`}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span data-testid={`${testIdPrefix}-page`}>{labels.pageOf(pageIndex + 1, Math.max(1, pageCount))}</span>
        <div className="flex gap-1">
          {labels.first ? (
            <Button
              type="button"
              variant="secondary"
              className="px-2 py-1"
              onClick={() => goTo(0)}
              disabled={!canPrevious}
              data-testid={`${testIdPrefix}-first`}
            >
              {labels.first}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="secondary"
            className="px-2 py-1"
            onClick={() => goTo(pageIndex - 1)}
            disabled={!canPrevious}
            data-testid={`${testIdPrefix}-previous`}
          >
            {labels.previous}
          </Button>
          <Button
            type="button"
            variant="secondary"
            className="px-2 py-1"
            onClick={() => goTo(pageIndex + 1)}
            disabled={!canNext}
            data-testid={`${testIdPrefix}-next`}
          >
            {labels.next}
          </Button>
          {labels.last ? (
            <Button
              type="button"
              variant="secondary"
              className="px-2 py-1"
              onClick={() => goTo(pageCount - 1)}
              disabled={!canNext}
              data-testid={`${testIdPrefix}-last`}
            >
              {labels.last}
            </Button>
          ) : null}
        </div>
      </div>
    </nav>
  );
}
