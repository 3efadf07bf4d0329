"use client";

import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button, RowButton } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/dialog";
import { SearchField } from "@/components/ui/field";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { useListScreen } from "@/components/client/use-list-screen";
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
  const list = useListScreen<Page, ContactView>({
    path: "/api/contacts",
    rows: (page) => page._embedded.contacts,
    paging: { defaultPageSize, defaultSort: { id: "lastName", desc: false } },
  });
  const { search, refresh } = list;
  const [dialog, setDialog] = useState<Dialog>(null);

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
                <RowButton
                  onClick={() => setDialog({ kind: "view", contactHexId: contact.contactHexId })}
                  data-testid="contact-view-button"
                >
                  {t("actions.view")}
                </RowButton>
                {permissions.update ? (
                  <RowButton onClick={() => setDialog({ kind: "edit", contact })} data-testid="contact-edit-button">
                    {t("actions.edit")}
                  </RowButton>
                ) : null}
                {permissions.delete ? (
                  <RowButton danger onClick={() => setDialog({ kind: "delete", contact })} data-testid="contact-delete-button">
                    {t("actions.delete")}
                  </RowButton>
                ) : null}
              </div>
            );
          },
        }),
      ]),
    [t, permissions.update, permissions.delete],
  );

  const deleteContact = (contact: ContactView) =>
    list.run(list.api(`/api/contacts/${contact.contactHexId}`, { method: "DELETE" }), t("notices.deleted"));

  const exportAs = async (format: "xlsx" | "csv") => {
    const result = await downloadContacts(format, search, locale, tErrors("CONNECTION_LOST"));
    if (result.ok) notifySuccess(t("notices.exported"));
    else notifyApiError(result.error);
  };

  return (
    <div className="space-y-4">
      <ListToolbar
        actions={
          <>
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
          </>
        }
      >
        <div className="flex-1">
          <SearchField
            label={t("search")}
            name="contact-search"
            placeholder={t("searchPlaceholder")}
            box={list.searchBox}
            data-testid="contacts-search"
          />
        </div>
      </ListToolbar>

      <DataTable
        {...list.table}
        columns={columns}
        getRowId={(row) => row.contactHexId}
        paginationLabels={paginationLabels}
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
