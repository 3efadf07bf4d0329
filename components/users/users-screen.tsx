"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button, RowButton } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/dialog";
import { RowActionsMenu, type RowAction } from "@/components/ui/row-actions";
import { SearchField, SelectField } from "@/components/ui/field";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { useListScreen } from "@/components/client/use-list-screen";
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

function StatusBadges({ user }: { user: UserView }) {
  const t = useTranslations("users.status");
  return (
    <div className="flex flex-wrap gap-1" data-testid="user-status">
      {user.enabled ? <Badge tone="ok">{t("enabled")}</Badge> : <Badge tone="off">{t("disabled")}</Badge>}
      {user.invitationPending ? <Badge tone="pending">{t("invited")}</Badge> : null}
      {user.locked ? <Badge tone="off">{t("locked")}</Badge> : null}
      {user.changePassword ? <Badge tone="pending">{t("changePassword")}</Badge> : null}
      {user.hasApi ? <Badge tone="info">{t("api")}</Badge> : null}
      {user.platformAdmin ? <Badge tone="special">{t("platformAdmin")}</Badge> : null}
      {user.hasApi ? null : (
        <Badge tone="neutral">{user.mfaMethods.length > 0 ? t("mfa", { methods: user.mfaMethods.join(", ") }) : t("noMfa")}</Badge>
      )}
    </div>
  );
}

/** /users: search and page the organisation's users on the server; invite, edit, disable or enable, force a password change, reset MFA. */
export function UsersScreen({ permissions, defaultPageSize, options, selfHexId }: Props) {
  const t = useTranslations("users");
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const [kind, setKind] = useState<"all" | "people" | "api">("all");
  const list = useListScreen<UserPage, UserView>({
    path: "/api/users",
    rows: (page) => page._embedded.users,
    paging: { defaultPageSize, defaultSort: { id: "lastName", desc: false } },
    filters: { hasApi: kind === "all" ? undefined : kind === "api" ? "true" : "false" },
  });
  const [dialog, setDialog] = useState<Dialog>(null);

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
                  <RowButton onClick={() => setDialog({ kind: "edit", user })} data-testid="user-edit-button">
                    {t("actions.edit")}
                  </RowButton>
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

  const runAction = (action: UserAction, user: UserView) =>
    list.run(
      list.api(`/api/users/${user.userHexId}/${actionPath[action]}`, { method: "POST", body: {} }),
      t(`notices.${actionNotice[action]}`),
    );
  const confirming = dialog?.kind === "action" ? dialog : null;
  const confirmName = confirming ? `${confirming.user.firstName} ${confirming.user.lastName}` : "";

  return (
    <div className="space-y-4">
      <ListToolbar
        wide
        actions={
          permissions.create ? (
            <Button type="button" onClick={() => setDialog({ kind: "create" })} data-testid="users-new">
              {t("new")}
            </Button>
          ) : null
        }
      >
        <div className="min-w-64 flex-1">
          <SearchField
            label={t("search")}
            name="user-search"
            placeholder={t("searchPlaceholder")}
            box={list.searchBox}
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
              list.firstPage();
            }}
            data-testid="users-kind"
          >
            <option value="all">{t("kinds.all")}</option>
            <option value="people">{t("kinds.people")}</option>
            <option value="api">{t("kinds.api")}</option>
          </SelectField>
        </div>
      </ListToolbar>

      <DataTable
        {...list.table}
        columns={columns}
        getRowId={(row) => row.userHexId}
        paginationLabels={paginationLabels}
        loadingText={t("loading")}
        emptyText={list.search ? t("noResults") : t("empty")}
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
            list.refresh();
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
