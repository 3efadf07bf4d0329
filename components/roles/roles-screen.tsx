"use client";

import { useCallback, useMemo } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { useListScreen } from "@/components/client/use-list-screen";
import { notifySuccess } from "@/components/client/notify";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { NameWithDescription, NamedRecordForm, useNamedRecordEditor, type CatalogPermissions } from "@/components/admin/record-editor";
import { roleInput, type RoleView } from "@/lib/roles/schemas";
import { PrivilegeSummary } from "./privilege-summary";

const helper = dataTableColumns<RoleView>();
const roleHexId = (role: RoleView) => role.roleHexId;

/** /roles: the organisation's roles; their privileges are edited in /rolePrivileges/{rolId}. */
export function RolesScreen({ canCreate, canUpdate, canDelete }: CatalogPermissions) {
  const t = useTranslations("roles");
  const router = useRouter();
  const list = useListScreen<{ _embedded: { roles: RoleView[] } }, RoleView>({
    path: "/api/roles",
    rows: (page) => page._embedded.roles,
    errorInPlace: true,
  });
  const { api, run, refresh } = list;
  const editor = useNamedRecordEditor({
    schema: roleInput,
    path: "/api/roles",
    hexId: roleHexId,
    onSaved: (role, data) => {
      notifySuccess(role ? t("updated") : t("created"));
      // A new role grants nothing: its privileges come next.
      if (!role && canUpdate) return router.push(`/rolePrivileges/${(data as { roleHexId: string }).roleHexId}`);
      refresh();
    },
  });
  const { edit } = editor;

  const remove = useCallback(
    (role: RoleView) => run(api(`/api/roles/${role.roleHexId}`, { method: "DELETE" }), t("deleted")),
    [api, run, t],
  );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", {
          header: t("name"),
          cell: ({ row }) => <NameWithDescription record={row.original} />,
        }),
        helper.display({
          id: "privileges",
          header: t("privileges"),
          cell: ({ row }) => <PrivilegeSummary privileges={row.original.privileges} />,
        }),
        helper.accessor("users", { header: t("users"), cell: (info) => info.getValue() }),
        helper.display({
          id: "actions",
          header: t("actions"),
          cell: ({ row }) => {
            const role = row.original;
            const why = role.users > 0 ? t("inUseHint") : undefined;
            return (
              <div className="flex flex-wrap gap-2">
                {canUpdate ? (
                  <>
                    <Button asChild variant="secondary" className="px-2 py-1 text-xs">
                      <Link href={`/rolePrivileges/${role.roleHexId}`} data-testid="role-privileges-link">
                        {t("editPrivileges")}
                      </Link>
                    </Button>
                    <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={() => edit(role)}>
                      {t("edit")}
                    </Button>
                  </>
                ) : null}
                {canDelete ? (
                  <ConfirmAction
                    label={t("delete")}
                    question={t("confirmDelete", { name: role.name })}
                    confirmLabel={t("delete")}
                    disabled={role.users > 0}
                    title={why}
                    onConfirm={() => remove(role)}
                  />
                ) : null}
              </div>
            );
          },
        }),
      ]),
    [t, canUpdate, canDelete, remove, edit],
  );

  if (list.error) return <Alert tone="error">{list.error}</Alert>;

  return (
    <div className="space-y-6">
      <NamedRecordForm editor={editor} namespace="roles" permissions={{ canCreate, canUpdate }} testId="role-form" />
      <DataTable
        {...list.table}
        columns={columns}
        getRowId={roleHexId}
        rowAttributes={(role) => ({ "data-name": role.name })}
        loadingText={t("loading")}
        emptyText={t("empty")}
        testIdPrefix="roles"
        rowTestId="role-row"
      />
    </div>
  );
}
