"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { PaginationState, SortingState } from "@tanstack/react-table";
import { pageSizeOptions } from "@/components/ui/pagination";
import { useApi } from "./use-api";
import { useDebouncedSearch } from "./use-debounced-search";
import { notifyApiError, notifySuccess } from "./notify";
import type { ApiResult } from "./api-client";

/** A Spring-style page answer's counts (spec §7: `page`, `size`, `totalElements`, `totalPages`, `number`). */
type PageCounts = { page: { totalElements: number; totalPages: number; number: number } };

const noRows: unknown[] = [];

type Paging = {
  defaultPageSize: number;
  /** The column the list starts sorted by, ascending unless `desc`; leave out for a list the server orders its own way (no sort asked, no sortable columns). */
  defaultSort?: { id: string; desc: boolean };
};

type Options<TAnswer, TRow> = {
  /** The list's address without its query; null while there is nothing to ask (no organisation picked yet). */
  path: string | null;
  /** This answer's rows. */
  rows: (answer: TAnswer) => TRow[];
  /** Paged and sorted on the server: the answer carries `page` counts. Leave out for a short list fetched whole. */
  paging?: Paging;
  /** Query parameters besides search, page, size and sort; undefined ones are left out. A change goes back to the first page. */
  filters?: Record<string, string | undefined>;
  /** A failed load is kept in `error` for the screen to show in place of the list, instead of a notice. */
  errorInPlace?: boolean;
  /** The search's query parameter; `search` unless the list's API names it otherwise. */
  searchParam?: string;
  /** The answer the server rendered the page with, for the first query: it is shown without asking again. */
  initial?: TAnswer;
  /** While true nothing is asked (the filters cannot be sent as they are) and the rows on screen stay. */
  paused?: boolean;
};

/**
 * The state of an admin list screen: the search box (debounced), paging and sorting when the server
 * pages, the answer for the current query with its loading and error state, a refetch after a
 * change, and `run` for a row action (call, notice, refetch).
 */
export function useListScreen<TAnswer, TRow>({
  path,
  rows,
  paging,
  filters,
  errorInPlace = false,
  searchParam = "search",
  initial,
  paused = false,
}: Options<TAnswer, TRow>) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: paging?.defaultPageSize ?? 0 });
  const [sorting, setSorting] = useState<SortingState>(paging?.defaultSort ? [paging.defaultSort] : []);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const firstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));
  const searchBox = useDebouncedSearch((value) => {
    setSearch(value);
    firstPage();
  });

  const params = new URLSearchParams();
  if (paging) {
    const sort = sorting[0] ?? paging.defaultSort;
    params.set("page", String(pagination.pageIndex));
    params.set("size", String(pagination.pageSize));
    if (sort) params.set("sort", `${sort.id},${sort.desc ? "desc" : "asc"}`);
  }
  if (search) params.set(searchParam, search);
  for (const [name, value] of Object.entries(filters ?? {})) if (value !== undefined) params.set(name, value);
  const query = params.toString();
  const url = path === null ? null : query ? `${path}?${query}` : path;
  // A reload after a change asks the same query again; the key tells its answer from the previous one.
  const key = `${url}#${reloads}`;
  const [answer, setAnswer] = useState<{ key: string; path: string; data: TAnswer } | null>(() =>
    initial === undefined || path === null ? null : { key, path, data: initial },
  );
  // The query the rows on screen answer: asking it again would bring the same rows.
  const shownKey = useRef(answer?.key);

  // How to read an answer; it does not change while the screen lives, so it is no reason to ask again.
  const shape = useRef({ rows, paged: paging !== undefined });
  useEffect(() => {
    shape.current = { rows, paged: paging !== undefined };
  });

  useEffect(() => {
    if (path === null || url === null || paused || shownKey.current === `${url}#${reloads}`) return;
    let current = true;
    void api<TAnswer>(url).then((result) => {
      if (!current) return;
      if (!result.ok) {
        if (errorInPlace) return setError(result.error.message);
        return notifyApiError(result.error);
      }
      const counts = shape.current.paged ? (result.data as PageCounts).page : null;
      // The last row of the last page went away: show the page before it.
      if (counts && shape.current.rows(result.data).length === 0 && counts.number > 0 && counts.totalPages > 0)
        setPagination((p) => ({ ...p, pageIndex: counts.totalPages - 1 }));
      shownKey.current = `${url}#${reloads}`;
      setAnswer({ key: `${url}#${reloads}`, path, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [api, path, url, reloads, errorInPlace, paused]);

  const refresh = useCallback(() => setReloads((n) => n + 1), []);

  /** A row action: sends it, says `notice` (or the error), and asks for the list again. True when it was done. */
  const run = useCallback(
    async <T>(request: Promise<ApiResult<T>>, notice: string | ((data: T) => string)) => {
      const result = await request;
      if (!result.ok) {
        notifyApiError(result.error);
        return false;
      }
      notifySuccess(typeof notice === "string" ? notice : notice(result.data));
      refresh();
      return true;
    },
    [refresh],
  );

  // While another page or search loads, the rows on screen stay; another list's (another organisation's) do not.
  const data = answer && (answer.key === key || answer.path === path) ? answer.data : null;
  const rowList = data ? rows(data) : (noRows as TRow[]);
  const loading = !paused && answer?.key !== key;

  return {
    api,
    search,
    searchBox,
    /** Back to the first page, e.g. when a filter outside this hook changes. */
    firstPage,
    /** The latest answer (the previous query's while the current one loads), null before the first. */
    data,
    rows: rowList,
    loading,
    error,
    refresh,
    run,
    /** What DataTable needs: rows, loading, and with paging the pager and the sort. */
    table: {
      data: rowList,
      loading,
      ...(paging
        ? {
            total: data ? (data as unknown as PageCounts).page.totalElements : 0,
            pagination,
            onPaginationChange: setPagination,
            pageSizes: pageSizeOptions(paging.defaultPageSize),
            ...(paging.defaultSort
              ? {
                  sorting,
                  onSortingChange: (next: SortingState) => {
                    setSorting(next);
                    firstPage();
                  },
                }
              : {}),
          }
        : {}),
    },
  };
}
