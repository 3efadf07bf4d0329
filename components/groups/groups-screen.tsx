"use client";

import { useCallback, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { SelectField } from "@/components/ui/field";
import { useListScreen } from "@/components/client/use-list-screen";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { NameWithDescription, NamedRecordForm, useNamedRecordEditor, type CatalogPermissions } from "@/components/admin/record-editor";
import { groupInput, groupMemberInput, type GroupMemberView, type GroupView } from "@/lib/groups/schemas";
import { SubmitButton } from "@/components/ui/submit-button";

const helper = dataTableColumns<GroupView>();
const groupHexId = (group: GroupView) => group.groupHexId;
const fullName = (m: GroupMemberView) => `${m.firstName} ${m.lastName}`;

/** /groups: the organisation's groups and their members (spec §5: a group in use cannot be deleted). */
export function GroupsScreen({ canCreate, canUpdate, canDelete, candidates }: CatalogPermissions & { candidates: GroupMemberView[] }) {
  const t = useTranslations("groups");
  const errors = useTranslations("errors");
  const list = useListScreen<{ _embedded: { groups: GroupView[] } }, GroupView>({
    path: "/api/groups",
    rows: (page) => page._embedded.groups,
    errorInPlace: true,
  });
  const { api, refresh } = list;
  const editor = useNamedRecordEditor({
    schema: groupInput,
    path: "/api/groups",
    hexId: groupHexId,
    onSaved: (group) => {
      notifySuccess(group ? t("updated") : t("created"));
      refresh();
    },
  });
  const { edit } = editor;
  const [membersOf, setMembersOf] = useState<string | null>(null);
  const [picked, setPicked] = useState("");
  const [pickError, setPickError] = useState<string | null>(null);

  const { run } = list;
  const remove = useCallback(
    async (group: GroupView) => {
      const done = await run(api(`/api/groups/${group.groupHexId}`, { method: "DELETE" }), t("deleted"));
      if (done && membersOf === group.groupHexId) setMembersOf(null);
    },
    [api, run, t, membersOf],
  );

  const addMember = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!membersOf) return;
    const parsed = groupMemberInput.safeParse({ userHexId: picked });
    if (!parsed.success) {
      setPickError(errors(parsed.error.issues[0]?.message ?? "GROUP_USER_REQUIRED"));
      return;
    }
    setPickError(null);
    const result = await api(`/api/groups/${membersOf}/members`, { body: parsed.data });
    if (!result.ok) {
      setPickError(result.error.message);
      return notifyApiError(result.error);
    }
    setPicked("");
    notifySuccess(t("memberAdded"));
    refresh();
  };

  const removeMember = (userHexId: string) =>
    membersOf ? list.run(api(`/api/groups/${membersOf}/members/${userHexId}`, { method: "DELETE" }), t("memberRemoved")) : undefined;

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", {
          header: t("name"),
          cell: ({ row }) => <NameWithDescription record={row.original} />,
        }),
        helper.display({ id: "members", header: t("members"), cell: ({ row }) => row.original.members.length }),
        helper.display({
          id: "actions",
          header: t("actions"),
          cell: ({ row }) => {
            const group = row.original;
            const inUse = group.members.length > 0;
            return (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  data-testid="group-members-open"
                  onClick={() => {
                    setMembersOf(group.groupHexId);
                    setPicked("");
                    setPickError(null);
                  }}
                >
                  {t("manageMembers")}
                </Button>
                {canUpdate ? (
                  <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={() => edit(group)}>
                    {t("edit")}
                  </Button>
                ) : null}
                {canDelete ? (
                  <ConfirmAction
                    label={t("delete")}
                    question={t("confirmDelete", { name: group.name })}
                    confirmLabel={t("delete")}
                    disabled={inUse}
                    title={inUse ? t("inUseHint") : undefined}
                    onConfirm={() => remove(group)}
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

  const selected = list.rows.find((g) => g.groupHexId === membersOf) ?? null;
  const available = selected ? candidates.filter((c) => !selected.members.some((m) => m.userHexId === c.userHexId)) : [];

  return (
    <div className="space-y-6">
      <NamedRecordForm editor={editor} namespace="groups" permissions={{ canCreate, canUpdate }} testId="group-form" />
      <DataTable
        {...list.table}
        columns={columns}
        getRowId={groupHexId}
        rowAttributes={(group) => ({ "data-name": group.name })}
        loadingText={t("loading")}
        emptyText={t("empty")}
        testIdPrefix="groups"
        rowTestId="group-row"
      />
      {selected ? (
        <Card title={t("membersTitle", { name: selected.name })}>
          <div className="space-y-4" data-testid="group-members">
            {selected.members.length === 0 ? (
              <p className="text-sm text-slate-500">{t("noMembers")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {selected.members.map((member) => (
                  <li key={member.userHexId} className="flex items-center justify-between py-2" data-testid="group-member">
                    <span>
                      <span className="font-medium">{fullName(member)}</span> <span className="text-slate-500">{member.email}</span>
                    </span>
                    {canUpdate ? (
                      <Button
                        type="button"
                        variant="ghost"
                        className="px-2 py-1 text-xs"
                        onClick={() => void removeMember(member.userHexId)}
                      >
                        {t("removeMember")}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {canUpdate ? (
              <form
                onSubmit={addMember}
                noValidate
                className="flex flex-col gap-3 sm:flex-row sm:items-end"
                data-testid="group-member-form"
              >
                <div className="flex-1">
                  <SelectField
                    label={t("user")}
                    name="userHexId"
                    value={picked}
                    error={pickError ?? undefined}
                    onChange={(e) => setPicked(e.target.value)}
                  >
                    <option value="">{t("pickUser")}</option>
                    {available.map((c) => (
                      <option key={c.userHexId} value={c.userHexId}>
                        {`${fullName(c)} (${c.email})`}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <SubmitButton>{t("addMember")}</SubmitButton>
              </form>
            ) : null}
            <Button type="button" variant="secondary" onClick={() => setMembersOf(null)}>
              {t("close")}
            </Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
