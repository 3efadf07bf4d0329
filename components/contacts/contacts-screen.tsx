"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type SortingState,
} from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { ContactView } from "@/lib/contacts/contact-view";
import { ContactFormDialog, type CountryOption } from "./contact-form-dialog";
import { ContactViewDialog } from "./contact-view-dialog";
import { ImportDialog } from "./import-dialog";
import { downloadContacts } from "./files";

export type ContactPermissions = { create: boolean; update: boolean; delete: boolean; import: boolean; export: boolean };

type Page = { _embedded: { contacts: ContactView[] }; page: { size: number; totalElements: number; totalPages: number; number: number } };

type Props = { permissions: ContactPermissions; defaultPageSize: number; maxImportRows: number; countries: CountryOption[]; defaultCountry: string };

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const helper = createColumnHelper<typeof features, ContactView>();
const emptyRows: ContactView[] = [];

type Dialog = { kind: "create" } | { kind: "edit"; contact: ContactView } | { kind: "view"; contactHexId: string } | { kind: "delete"; contact: ContactView } | { kind: "import" } | null;

/** /contacts: search, sort and page the organisation's contacts on the server; create, view, edit, delete, import, export. */
export function ContactsScreen({ permissions, defaultPageSize, maxImportRows, countries, defaultCountry }: Props) {
  const t = useTranslations("contacts");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const api = useApi();
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [sorting, setSorting] = useState<SortingState>([{ id: "lastName", desc: false }]);
  const [page, setPage] = useState<{ key: string; data: Page } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const searchTimer = useRef<number | undefined>(undefined);

  const sort = sorting[0] ?? { id: "lastName", desc: false };
  const params = new URLSearchParams({ page: String(pagination.pageIndex), size: String(pagination.pageSize), sort: `${sort.id},${sort.desc ? "desc" : "asc"}` });
  if (search) params.set("search", search);
  const query = params.toString();
  // A reload after a change asks the same query again; the key tells its answer from the previous one.
  const key = `${query}#${reloads}`;

  useEffect(() => {
    let current = true;
    void api<Page>(`/api/contacts?${query}`).then((result) => {
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      const { totalPages, number } = result.data.page;
      // The last contact of the last page was deleted: show the page before it.
      if (result.data._embedded.contacts.length === 0 && number > 0 && totalPages > 0) setPagination((p) => ({ ...p, pageIndex: totalPages - 1 }));
      setPage({ key: `${query}#${reloads}`, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [api, query, reloads]);

  const refresh = () => setReloads((n) => n + 1);

  const onSearch = (value: string) => {
    setSearchText(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      setSearch(value.trim());
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    }, 300);
  };

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("lastName", { header: () => t("columns.lastName") }),
        helper.accessor("name", { header: () => t("columns.name") }),
        helper.accessor("identNumber", {
          header: () => t("columns.identification"),
          cell: (info) => [info.row.original.identType, info.getValue()].filter(Boolean).join(" ") || "—",
        }),
        helper.accessor("email", { header: () => t("columns.email"), enableSorting: false, cell: (info) => info.getValue() ?? "—" }),
        helper.accessor("phone", { header: () => t("columns.phone"), enableSorting: false, cell: (info) => info.getValue() ?? "—" }),
        helper.accessor("favoriteChannel", {
          header: () => t("columns.favorite"),
          enableSorting: false,
          cell: (info) => {
            const favorite = info.getValue();
            return favorite ? `${t(`channelTypes.${favorite.type}`)} · ${favorite.value}` : "—";
          },
        }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("columns.actions")}</span>,
          cell: (info) => {
            const contact = info.row.original;
            return (
              <div className="flex justify-end gap-1">
                <Button type="button" variant="ghost" className="px-2 py-1" onClick={() => setDialog({ kind: "view", contactHexId: contact.contactHexId })} data-testid="contact-view-button">
                  {t("actions.view")}
                </Button>
                {permissions.update ? (
                  <Button type="button" variant="ghost" className="px-2 py-1" onClick={() => setDialog({ kind: "edit", contact })} data-testid="contact-edit-button">
                    {t("actions.edit")}
                  </Button>
                ) : null}
                {permissions.delete ? (
                  <Button type="button" variant="ghost" className="px-2 py-1 text-red-700" onClick={() => setDialog({ kind: "delete", contact })} data-testid="contact-delete-button">
                    {t("actions.delete")}
                  </Button>
                ) : null}
              </div>
            );
          },
        }),
      ]),
    [t, permissions.update, permissions.delete],
  );

  const table = useTable({
    features,
    columns,
    data: page?.data._embedded.contacts ?? emptyRows,
    rowCount: page?.data.page.totalElements ?? 0,
    state: { pagination, sorting },
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    getRowId: (row) => row.contactHexId,
  });

  const deleteContact = async (contact: ContactView) => {
    const result = await api(`/api/contacts/${contact.contactHexId}`, { method: "DELETE" });
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(t("notices.deleted"));
    refresh();
  };

  const exportAs = async (format: "xlsx" | "csv") => {
    const result = await downloadContacts(format, search, locale, tErrors("CONNECTION_LOST"));
    if (result.ok) notifySuccess(t("notices.exported"));
    else notifyApiError(result.error);
  };

  const loading = page?.key !== key;
  const rows = table.getRowModel().rows;
  const total = page?.data.page.totalElements ?? 0;
  const pageSizes = [...new Set([defaultPageSize, 10, 25, 50, 100])].sort((a, b) => a - b);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <TextField label={t("search")} name="contact-search" type="search" placeholder={t("searchPlaceholder")} value={searchText} onChange={(e) => onSearch(e.target.value)} data-testid="contacts-search" />
        </div>
        <div className="flex flex-wrap gap-2">
          {permissions.export ? (
            <>
              <Button type="button" variant="secondary" onClick={() => void exportAs("xlsx")} data-testid="contacts-export-xlsx">
                {t("exportXlsx")}
              </Button>
              <Button type="button" variant="secondary" onClick={() => void exportAs("csv")} data-testid="contacts-export-csv">
                {t("exportCsv")}
              </Button>
            </>
          ) : null}
          {permissions.import ? (
            <Button type="button" variant="secondary" onClick={() => setDialog({ kind: "import" })} data-testid="contacts-import">
              {t("import")}
            </Button>
          ) : null}
          {permissions.create ? (
            <Button type="button" onClick={() => setDialog({ kind: "create" })} data-testid="contacts-new">
              {t("new")}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="contacts-table" aria-busy={loading}>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" className="px-4 py-3" aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}>
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={header.column.getToggleSortingHandler()}>
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
              <tr key={row.id} className="hover:bg-slate-50" data-testid="contact-row" data-contact={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="whitespace-nowrap px-4 py-3 text-slate-800">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500" data-testid="contacts-empty">
                  {loading ? t("loading") : search ? t("noResults") : t("empty")}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <p data-testid="contacts-total">{t("pagination.total", { total })}</p>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2">
            <span>{t("pagination.rowsPerPage")}</span>
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={pagination.pageSize}
              onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
              data-testid="contacts-page-size"
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <span data-testid="contacts-page">{t("pagination.pageOf", { page: pagination.pageIndex + 1, pages: Math.max(1, table.getPageCount()) })}</span>
          <div className="flex gap-1">
            <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>
              {t("pagination.first")}
            </Button>
            <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()} data-testid="contacts-previous">
              {t("pagination.previous")}
            </Button>
            <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()} data-testid="contacts-next">
              {t("pagination.next")}
            </Button>
            <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => table.lastPage()} disabled={!table.getCanNextPage()}>
              {t("pagination.last")}
            </Button>
          </div>
        </div>
      </nav>

      {dialog?.kind === "create" || dialog?.kind === "edit" ? (
        <ContactFormDialog
          contact={dialog.kind === "edit" ? dialog.contact : null}
          countries={countries}
          defaultCountry={defaultCountry}
          onClose={() => setDialog(null)}
          onSaved={(contact) => {
            setDialog({ kind: "view", contactHexId: contact.contactHexId });
            refresh();
          }}
        />
      ) : null}
      {dialog?.kind === "view" ? <ContactViewDialog contactHexId={dialog.contactHexId} canUpdate={permissions.update} onClose={() => setDialog(null)} onChanged={refresh} /> : null}
      {dialog?.kind === "import" ? (
        <ImportDialog
          maxRows={maxImportRows}
          onClose={() => setDialog(null)}
          onImported={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("deleteDialog.title")}
        body={dialog?.kind === "delete" ? t("deleteDialog.body", { name: `${dialog.contact.name} ${dialog.contact.lastName}` }) : ""}
        confirmLabel={t("deleteDialog.confirm")}
        cancelLabel={t("deleteDialog.cancel")}
        onConfirm={() => dialog?.kind === "delete" && void deleteContact(dialog.contact)}
        testId="contact-delete-dialog"
      />
    </div>
  );
}
