"use client";

import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { PaginationState, SortingState } from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns, pageSizeOptions } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/dialog";
import { RowActionsMenu, type RowAction } from "@/components/ui/row-actions";
import { SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { useDebouncedSearch } from "@/components/client/use-debounced-search";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";
import type { UserPage, UserView } from "@/lib/users/schemas";
import type { UserFormOptions } from "@/lib/users/user-form-options";
import { UserFormDialog } from "./user-form-dialog";

export type UserPermissions = { create: boolean; update: boolean };

type Props = {
  permissions: UserPermissions;
  defaultPageSize: number;
  options: UserFormOptions;
  /** The signed-in user, who cannot disable themselves. */
  selfHexId: string;
};

/** The actions that change one user, each behind a confirmation; the path segment is the API's. */
type UserAction = "disable" | "enable" | "forcePasswordChange" | "resetMfa" | "resendInvitation";
const actionPath: Record<UserAction, string> = {
  disable: "disable",
  enable: "enable",
  forcePasswordChange: "force-password-change",
  resetMfa: "reset-mfa",
  resendInvitation: "resend-invitation",
};
const actionNotice: Record<UserAction, "disabled" | "enabled" | "forcePasswordChange" | "resetMfa" | "resendInvitation"> = {
  disable: "disabled",
  enable: "enabled",
  forcePasswordChange: "forcePasswordChange",
  resetMfa: "resetMfa",
  resendInvitation: "resendInvitation",
};

type Dialog = { kind: "create" } | { kind: "edit"; user: UserView } | { kind: "action"; action: UserAction; user: UserView } | null;

const helper = dataTableColumns<UserView>();
const emptyRows: UserView[] = [];

function StatusBadges({ user }: { user: UserView }) {
  const t = useTranslations("users.status");
  const badge = (text: string, tone: string) => (
    <span key={text} className={`inline-block rounded px-1.5 py-0.5 text-xs ${tone}`}>
      {text}
    </span>
  );
  return (
    <div className="flex flex-wrap gap-1" data-testid="user-status">
      {user.enabled ? badge(t("enabled"), "bg-emerald-50 text-emerald-800") : badge(t("disabled"), "bg-red-50 text-red-800")}
      {user.invitationPending ? badge(t("invited"), "bg-amber-50 text-amber-800") : null}
      {user.locked ? badge(t("locked"), "bg-red-50 text-red-800") : null}
      {user.changePassword ? badge(t("changePassword"), "bg-amber-50 text-amber-800") : null}
      {user.hasApi ? badge(t("api"), "bg-sky-50 text-sky-800") : null}
      {user.platformAdmin ? badge(t("platformAdmin"), "bg-violet-50 text-violet-800") : null}
      {user.hasApi
        ? null
        : badge(user.mfaMethods.length > 0 ? t("mfa", { methods: user.mfaMethods.join(", ") }) : t("noMfa"), "bg-slate-100 text-slate-700")}
    </div>
  );
}

/** /users: search and page the organisation's users on the server; invite, edit, disable or enable, force a password change, reset MFA. */
export function UsersScreen({ permissions, defaultPageSize, options, selfHexId }: Props) {
  const t = useTranslations("users");
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const api = useApi();
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<"all" | "people" | "api">("all");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: defaultPageSize });
  const [sorting, setSorting] = useState<SortingState>([{ id: "lastName", desc: false }]);
  const [page, setPage] = useState<{ key: string; data: UserPage } | null>(null);
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
  if (kind !== "all") params.set("hasApi", kind === "api" ? "true" : "false");
  const query = params.toString();
  // A reload after a change asks the same query again; the key tells its answer from the previous one.
  const key = `${query}#${reloads}`;

  useEffect(() => {
    let current = true;
    void api<UserPage>(`/api/users?${query}`).then((result) => {
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
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
        helper.accessor("firstName", { header: () => t("columns.name") }),
        helper.accessor("email", { header: () => t("columns.email") }),
        helper.accessor("cellPhone", { header: () => t("columns.phone"), enableSorting: false, cell: (info) => info.getValue() ?? "—" }),
        helper.accessor("roles", {
          header: () => t("columns.role"),
          enableSorting: false,
          cell: (info) => info.getValue()[0]?.name ?? "—",
        }),
        helper.accessor("groups", {
          header: () => t("columns.groups"),
          enableSorting: false,
          cell: (info) =>
            info
              .getValue()
              .map((g) => g.name)
              .join(", ") || "—",
        }),
        helper.display({
          id: "status",
          header: () => t("columns.status"),
          cell: (info) => <StatusBadges user={info.row.original} />,
        }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("columns.actions")}</span>,
          cell: (info) => {
            const user = info.row.original;
            // API users live in /api-management; the server refuses these changes for them anyway.
            if ((!permissions.update && !permissions.create) || user.hasApi) return null;
            const open = (action: UserAction) => setDialog({ kind: "action", action, user });
            const item = (action: UserAction, danger = false): RowAction => ({
              key: action,
              label: t(`actions.${action}`),
              onSelect: () => open(action),
              danger,
              testId: `user-${actionPath[action]}-button`,
            });
            const more: RowAction[] = [];
            if (permissions.create && user.invitationPending) more.push(item("resendInvitation"));
            if (permissions.update) {
              if (!user.enabled) more.push(item("enable"));
              else if (user.userHexId !== selfHexId) more.push(item("disable", true));
              more.push(item("forcePasswordChange"), item("resetMfa"));
            }
            // One line per row: the edit button, and the other actions behind a compact menu.
            return (
              <div className="flex flex-nowrap items-center justify-end gap-1">
                {permissions.update ? (
                  <Button
                    type="button"
                    variant="ghost"
                    className="px-2 py-1"
                    onClick={() => setDialog({ kind: "edit", user })}
                    data-testid="user-edit-button"
                  >
                    {t("actions.edit")}
                  </Button>
                ) : null}
                <RowActionsMenu
                  label={t("actions.more", { name: `${user.firstName} ${user.lastName}` })}
                  actions={more}
                  testId="user-actions"
                />
              </div>
            );
          },
        }),
      ]),
    [t, permissions.update, permissions.create, selfHexId],
  );

  const runAction = async (action: UserAction, user: UserView) => {
    const result = await api<UserView>(`/api/users/${user.userHexId}/${actionPath[action]}`, { method: "POST", body: {} });
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(t(`notices.${actionNotice[action]}`));
    refresh();
  };

  const loading = page?.key !== key;
  const confirming = dialog?.kind === "action" ? dialog : null;
  const confirmName = confirming ? `${confirming.user.firstName} ${confirming.user.lastName}` : "";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex w-full max-w-2xl flex-wrap gap-3">
          <div className="min-w-64 flex-1">
            <TextField
              label={t("search")}
              name="user-search"
              type="search"
              placeholder={t("searchPlaceholder")}
              value={searchBox.text}
              onChange={(e) => searchBox.onChange(e.target.value)}
              data-testid="users-search"
            />
          </div>
          <div className="w-48">
            <SelectField
              label={t("kindFilter")}
              name="user-kind"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as typeof kind);
                setPagination((p) => ({ ...p, pageIndex: 0 }));
              }}
              data-testid="users-kind"
            >
              <option value="all">{t("kinds.all")}</option>
              <option value="people">{t("kinds.people")}</option>
              <option value="api">{t("kinds.api")}</option>
            </SelectField>
          </div>
        </div>
        {permissions.create ? (
          <Button type="button" onClick={() => setDialog({ kind: "create" })} data-testid="users-new">
            {t("new")}
          </Button>
        ) : null}
      </div>

      <DataTable
        columns={columns}
        data={page?.data._embedded.users ?? emptyRows}
        getRowId={(row) => row.userHexId}
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
        testIdPrefix="users"
        rowTestId="user-row"
        rowIdAttribute="data-user"
      />

      {dialog?.kind === "create" || dialog?.kind === "edit" ? (
        <UserFormDialog
          user={dialog.kind === "edit" ? dialog.user : null}
          options={options}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={confirming ? t(`confirm.${confirming.action}Title`) : ""}
        body={confirming ? t(`confirm.${confirming.action}Body`, { name: confirmName }) : ""}
        confirmLabel={confirming ? t(`confirm.${confirming.action}`) : ""}
        cancelLabel={t("confirm.cancel")}
        confirmVariant={confirming?.action === "disable" ? "danger" : "primary"}
        onConfirm={() => confirming && void runAction(confirming.action, confirming.user)}
        testId="user-confirm-dialog"
        confirmTestId="user-confirm"
      />
    </div>
  );
}
