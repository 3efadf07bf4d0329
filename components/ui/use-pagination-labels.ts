"use client";

import { useTranslations } from "next-intl";
import type { PaginationLabels } from "./pagination";

/**
 * The pager's words, from `common.pagination`; each list says only how it counts its own rows.
 * `withEnds` adds the first/last buttons.
 */
export function usePaginationLabels(total: (count: number) => string, withEnds = true): PaginationLabels {
  const t = useTranslations("common.pagination");
  return {
    label: t("label"),
    total,
    rowsPerPage: t("rowsPerPage"),
    pageOf: (page, pages) => t("pageOf", { page, pages }),
    previous: t("previous"),
    next: t("next"),
    ...(withEnds ? { first: t("first"), last: t("last") } : {}),
  };
}
