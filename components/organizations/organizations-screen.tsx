"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { PaginationState } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { Pagination, pageSizeOptions } from "@/components/ui/pagination";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";
import { useApi } from "@/components/client/use-api";
import { useDebouncedSearch } from "@/components/client/use-debounced-search";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { OrganizationPage, OrganizationView } from "@/lib/organizations/admin-schemas";
import { Badge, SimpleTable } from "./organization-table";
import { OrganizationFormDialog } from "./organization-form-dialog";

type Dialog =
  { kind: "create" } | { kind: "edit"; organization: OrganizationView } | { kind: "toggle"; organization: OrganizationView } | null;

type Props = {
  /** The platform administrator's own organisation, which they cannot disable. */
  ownOrganizationHexId: string;
  defaultPageSize: number;
};

/** /organization: the platform's organisations; create, edit, enable or disable them. */
export function OrganizationsScreen({ ownOrganizationHexId, defaultPageSize }: Props) {
  const t = useTranslations("organizations");
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const api = useApi();
  const [search, setSearch] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [answer, setAnswer] = useState<{ key: string; data: OrganizationPage } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const searchBox = useDebouncedSearch((value) => {
    setSearch(value);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  });
  const params = new URLSearchParams({ page: String(pagination.pageIndex), size: String(pagination.pageSize) });
  if (search) params.set("search", search);
  const query = `?${params.toString()}`;
  const key = `${query}#${reloads}`;

  useEffect(() => {
    let current = true;
    void api<OrganizationPage>(`/api/organizations${query}`).then((result) => {
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      setAnswer({ key: `${query}#${reloads}`, data: result.data });
    });
    return () => {
      current = false;
    };
  }, [api, query, reloads]);

  const refresh = () => setReloads((n) => n + 1);
  const toggling = dialog?.kind === "toggle" ? dialog.organization : null;
  const toggle = async (organization: OrganizationView) => {
    const action = organization.enabled ? "disable" : "enable";
    const result = await api<OrganizationView>(`/api/organizations/${organization.organizationHexId}/${action}`, {
      method: "POST",
      body: {},
    });
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(t(result.data.enabled ? "enabled" : "disabled"));
    refresh();
  };

  const rows = (answer?.data.organizations ?? []).map((organization) => ({
    id: organization.organizationHexId,
    cells: [
      organization.name,
      organization.country,
      organization.timezone,
      organization.users,
      organization.enabled ? <Badge tone="ok">{t("status.enabled")}</Badge> : <Badge tone="off">{t("status.disabled")}</Badge>,
      <div key="actions" className="flex flex-wrap justify-end gap-1">
        <Link
          href={`/managers?organization=${organization.organizationHexId}`}
          className="rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
          data-testid="organization-managers-link"
        >
          {t("actions.managers")}
        </Link>
        <Button
          type="button"
          variant="ghost"
          className="px-2 py-1"
          onClick={() => setDialog({ kind: "edit", organization })}
          data-testid="organization-edit-button"
        >
          {t("actions.edit")}
        </Button>
        {organization.enabled && organization.organizationHexId === ownOrganizationHexId ? null : (
          <Button
            type="button"
            variant="ghost"
            className={`px-2 py-1${organization.enabled ? " text-red-700" : ""}`}
            onClick={() => setDialog({ kind: "toggle", organization })}
            data-testid={`organization-${organization.enabled ? "disable" : "enable"}-button`}
          >
            {organization.enabled ? t("actions.disable") : t("actions.enable")}
          </Button>
        )}
      </div>,
    ],
  }));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <TextField
            label={t("search")}
            name="organization-search"
            type="search"
            placeholder={t("searchPlaceholder")}
            value={searchBox.text}
            onChange={(e) => searchBox.onChange(e.target.value)}
            data-testid="organizations-search"
          />
        </div>
        <Button type="button" onClick={() => setDialog({ kind: "create" })} data-testid="organizations-new">
          {t("new")}
        </Button>
      </div>

      <SimpleTable
        headers={[
          t("columns.name"),
          t("columns.country"),
          t("columns.timezone"),
          t("columns.users"),
          t("columns.status"),
          <span key="actions" className="sr-only">
            {t("columns.actions")}
          </span>,
        ]}
        rows={rows}
        loading={answer?.key !== key}
        loadingText={t("loading")}
        emptyText={search ? t("noResults") : t("empty")}
        testId="organizations-table"
        rowTestId="organization-row"
      />
      <Pagination
        pagination={pagination}
        onPaginationChange={setPagination}
        total={answer?.data.page.totalElements ?? 0}
        pageSizes={pageSizeOptions(defaultPageSize)}
        labels={paginationLabels}
        testIdPrefix="organizations"
      />

      {dialog?.kind === "create" || dialog?.kind === "edit" ? (
        <OrganizationFormDialog
          organization={dialog.kind === "edit" ? dialog.organization : null}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
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
