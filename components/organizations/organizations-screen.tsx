"use client";

import { useMemo, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button, RowButton } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/dialog";
import { SearchField } from "@/components/ui/field";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";
import { useListScreen } from "@/components/client/use-list-screen";
import type { OrganizationPage, OrganizationView } from "@/lib/organizations/admin-schemas";
import { OrganizationFormDialog } from "./organization-form-dialog";

type Dialog =
  { kind: "create" } | { kind: "edit"; organization: OrganizationView } | { kind: "toggle"; organization: OrganizationView } | null;

type Props = {
  /** The platform administrator's own organisation, which they cannot disable. */
  ownOrganizationHexId: string;
  defaultPageSize: number;
};

const helper = dataTableColumns<OrganizationView>();

/** /organization: the platform's organisations; create, edit, enable or disable them. */
export function OrganizationsScreen({ ownOrganizationHexId, defaultPageSize }: Props) {
  const t = useTranslations("organizations");
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  // Paged on the server, always by name: no column is a sort button.
  const list = useListScreen<OrganizationPage, OrganizationView>({
    path: "/api/organizations",
    rows: (answer) => answer._embedded.organizations,
    paging: { defaultPageSize },
  });
  const [dialog, setDialog] = useState<Dialog>(null);

  const toggling = dialog?.kind === "toggle" ? dialog.organization : null;
  const toggle = (organization: OrganizationView) =>
    list.run(
      list.api<OrganizationView>(`/api/organizations/${organization.organizationHexId}/${organization.enabled ? "disable" : "enable"}`, {
        method: "POST",
        body: {},
      }),
      (saved) => t(saved.enabled ? "enabled" : "disabled"),
    );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", { header: () => t("columns.name"), enableSorting: false }),
        helper.accessor("country", { header: () => t("columns.country"), enableSorting: false }),
        helper.accessor("timezone", { header: () => t("columns.timezone"), enableSorting: false }),
        helper.accessor("users", { header: () => t("columns.users"), enableSorting: false }),
        helper.accessor("enabled", {
          header: () => t("columns.status"),
          enableSorting: false,
          cell: (info) =>
            info.getValue() ? <Badge tone="ok">{t("status.enabled")}</Badge> : <Badge tone="off">{t("status.disabled")}</Badge>,
        }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("columns.actions")}</span>,
          cell: (info) => {
            const organization = info.row.original;
            return (
              <div className="flex flex-wrap justify-end gap-1">
                <Link
                  href={`/managers?organization=${organization.organizationHexId}`}
                  className="rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
                  data-testid="organization-managers-link"
                >
                  {t("actions.managers")}
                </Link>
                <RowButton onClick={() => setDialog({ kind: "edit", organization })} data-testid="organization-edit-button">
                  {t("actions.edit")}
                </RowButton>
                {organization.enabled && organization.organizationHexId === ownOrganizationHexId ? null : (
                  <RowButton
                    danger={organization.enabled}
                    onClick={() => setDialog({ kind: "toggle", organization })}
                    data-testid={`organization-${organization.enabled ? "disable" : "enable"}-button`}
                  >
                    {organization.enabled ? t("actions.disable") : t("actions.enable")}
                  </RowButton>
                )}
              </div>
            );
          },
        }),
      ]),
    [t, ownOrganizationHexId],
  );

  return (
    <div className="space-y-4">
      <ListToolbar
        actions={
          <Button type="button" onClick={() => setDialog({ kind: "create" })} data-testid="organizations-new">
            {t("new")}
          </Button>
        }
      >
        <div className="flex-1">
          <SearchField
            label={t("search")}
            name="organization-search"
            placeholder={t("searchPlaceholder")}
            box={list.searchBox}
            data-testid="organizations-search"
          />
        </div>
      </ListToolbar>

      <DataTable
        {...list.table}
        columns={columns}
        getRowId={(organization) => organization.organizationHexId}
        paginationLabels={paginationLabels}
        loadingText={t("loading")}
        emptyText={list.search ? t("noResults") : t("empty")}
        testIdPrefix="organizations"
        rowTestId="organization-row"
        rowIdAttribute="data-id"
      />

      {dialog?.kind === "create" || dialog?.kind === "edit" ? (
        <OrganizationFormDialog
          organization={dialog.kind === "edit" ? dialog.organization : null}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            list.refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={toggling ? t(toggling.enabled ? "confirm.disableTitle" : "confirm.enableTitle") : ""}
        body={toggling ? t(toggling.enabled ? "confirm.disableBody" : "confirm.enableBody", { name: toggling.name }) : ""}
        confirmLabel={toggling ? t(toggling.enabled ? "confirm.disable" : "confirm.enable") : ""}
        cancelLabel={t("confirm.cancel")}
        confirmVariant={toggling?.enabled ? "danger" : "primary"}
        onConfirm={() => toggling && void toggle(toggling)}
        testId="organization-confirm-dialog"
        confirmTestId="organization-confirm"
      />
    </div>
  );
}
