"use client";

import { useEffect, useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { PaginationState, SortingState } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns, pageSizeOptions } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { useDebouncedSearch } from "@/components/client/use-debounced-search";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { ContactView } from "@/lib/contacts/contact-view";
import { ContactFormDialog, type CountryOption } from "./contact-form-dialog";
import { ContactViewDialog } from "./contact-view-dialog";
import { ImportDialog } from "./import-dialog";
import { downloadContacts } from "./files";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";

export type ContactPermissions = { create: boolean; update: boolean; delete: boolean; import: boolean; export: boolean };

type Page = { _embedded: { contacts: ContactView[] }; page: { size: number; totalElements: number; totalPages: number; number: number } };

type Props = {
  permissions: ContactPermissions;
  defaultPageSize: number;
  maxImportRows: number;
  countries: CountryOption[];
  defaultCountry: string;
};

const helper = dataTableColumns<ContactView>();
const emptyRows: ContactView[] = [];

type Dialog =
  | { kind: "create" }
  | { kind: "edit"; contact: ContactView }
  | { kind: "view"; contactHexId: string }
  | { kind: "delete"; contact: ContactView }
  | { kind: "import" }
  | null;

/** /contacts: search, sort and page the organisation's contacts on the server; create, view, edit, delete, import, export. */
export function ContactsScreen({ permissions, defaultPageSize, maxImportRows, countries, defaultCountry }: Props) {
  const t = useTranslations("contacts");
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const api = useApi();
  const [search, setSearch] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [sorting, setSorting] = useState<SortingState>([{ id: "lastName", desc: false }]);
  const [page, setPage] = useState<{ key: string; data: Page } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const searchBox = useDebouncedSearch((value) => {
    setSearch(value);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  });

  const sort = sorting[0] ?? { id: "lastName", desc: false };
  const params = new URLSearchParams({
    page: String(pagination.pageIndex),
    size: String(pagination.pageSize),
    sort: `${sort.id},${sort.desc ? "desc" : "asc"}`,
  });
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
      if (result.data._embedded.contacts.length === 0 && number > 0 && totalPages > 0)
        setPagination((p) => ({ ...p, pageIndex: totalPages - 1 }));
      setPage({ key: `${query}#${reloads}`, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [api, query, reloads]);

  const refresh = () => setReloads((n) => n + 1);

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
                <Button
                  type="button"
                  variant="ghost"
                  className="px-2 py-1"
                  onClick={() => setDialog({ kind: "view", contactHexId: contact.contactHexId })}
                  data-testid="contact-view-button"
                >
                  {t("actions.view")}
                </Button>
                {permissions.update ? (
                  <Button
                    type="button"
                    variant="ghost"
                    className="px-2 py-1"
                    onClick={() => setDialog({ kind: "edit", contact })}
                    data-testid="contact-edit-button"
                  >
                    {t("actions.edit")}
                  </Button>
                ) : null}
                {permissions.delete ? (
                  <Button
                    type="button"
                    variant="ghost"
                    className="px-2 py-1 text-red-700"
                    onClick={() => setDialog({ kind: "delete", contact })}
                    data-testid="contact-delete-button"
                  >
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

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <TextField
            label={t("search")}
            name="contact-search"
            type="search"
            placeholder={t("searchPlaceholder")}
            value={searchBox.text}
            onChange={(e) => searchBox.onChange(e.target.value)}
            data-testid="contacts-search"
          />
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

      <DataTable
        columns={columns}
        data={page?.data._embedded.contacts ?? emptyRows}
        getRowId={(row) => row.contactHexId}
        total={page?.data.page.totalElements ?? 0}
        pagination={pagination}
        onPaginationChange={setPagination}
        pageSizes={pageSizeOptions(defaultPageSize)}
        paginationLabels={paginationLabels}
        sorting={sorting}
        onSortingChange={(next) => {
          setSorting(next);
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
        loading={loading}
        loadingText={t("loading")}
        emptyText={search ? t("noResults") : t("empty")}
        testIdPrefix="contacts"
        rowTestId="contact-row"
        rowIdAttribute="data-contact"
      />

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
      {dialog?.kind === "view" ? (
        <ContactViewDialog
          contactHexId={dialog.contactHexId}
          canUpdate={permissions.update}
          onClose={() => setDialog(null)}
          onChanged={refresh}
        />
      ) : null}
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
