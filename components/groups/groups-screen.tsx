"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { CatalogTable, catalogColumnHelper } from "@/components/flows/catalog-table";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { groupInput, groupMemberInput, type GroupMemberView, type GroupView } from "@/lib/groups/schemas";

type Permissions = { canCreate: boolean; canUpdate: boolean; canDelete: boolean };
type Editing = { groupHexId: string | null; original: string; name: string; description: string };

const blank: Editing = { groupHexId: null, original: "", name: "", description: "" };
const helper = catalogColumnHelper<GroupView>();
const fullName = (m: GroupMemberView) => `${m.firstName} ${m.lastName}`;

/** /groups: the organisation's groups and their members (spec §5: a group in use cannot be deleted). */
export function GroupsScreen({ canCreate, canUpdate, canDelete, candidates }: Permissions & { candidates: GroupMemberView[] }) {
  const t = useTranslations("groups");
  const errors = useTranslations("errors");
  const api = useApi();
  const [groups, setGroups] = useState<GroupView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(blank);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [membersOf, setMembersOf] = useState<string | null>(null);
  const [picked, setPicked] = useState("");
  const [pickError, setPickError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await api<GroupView[]>("/api/groups");
    if (result.ok) setGroups(result.data);
    else setLoadError(result.error.message);
  }, [api]);

  useEffect(() => {
    let current = true;
    void api<GroupView[]>("/api/groups").then((result) => {
      if (!current) return;
      if (result.ok) setGroups(result.data);
      else setLoadError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [api]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = groupInput.safeParse({ name: editing.name, description: editing.description || null });
    if (!parsed.success) {
      setNameError(errors(parsed.error.issues[0]?.message ?? "VALIDATION_FAILED"));
      return;
    }
    setNameError(null);
    setSaving(true);
    const result = editing.groupHexId
      ? await api(`/api/groups/${editing.groupHexId}`, { method: "PUT", body: parsed.data })
      : await api("/api/groups", { body: parsed.data });
    setSaving(false);
    if (!result.ok) {
      if (result.error.field === "name") setNameError(result.error.message);
      return notifyApiError(result.error);
    }
    notifySuccess(editing.groupHexId ? t("updated") : t("created"));
    setEditing(blank);
    await load();
  };

  const remove = useCallback(
    async (group: GroupView) => {
      const result = await api(`/api/groups/${group.groupHexId}`, { method: "DELETE" });
      if (!result.ok) return notifyApiError(result.error);
      notifySuccess(t("deleted"));
      if (membersOf === group.groupHexId) setMembersOf(null);
      await load();
    },
    [api, load, t, membersOf],
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
    await load();
  };

  const removeMember = async (userHexId: string) => {
    if (!membersOf) return;
    const result = await api(`/api/groups/${membersOf}/members/${userHexId}`, { method: "DELETE" });
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(t("memberRemoved"));
    await load();
  };

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", {
          header: t("name"),
          cell: ({ row }) => (
            <div>
              <span className="font-medium">{row.original.name}</span>
              {row.original.description ? <p className="text-xs text-slate-500">{row.original.description}</p> : null}
            </div>
          ),
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
                  <Button
                    type="button"
                    variant="secondary"
                    className="px-2 py-1 text-xs"
                    onClick={() =>
                      setEditing({
                        groupHexId: group.groupHexId,
                        original: group.name,
                        name: group.name,
                        description: group.description ?? "",
                      })
                    }
                  >
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
    [t, canUpdate, canDelete, remove],
  );

  if (loadError) return <Alert tone="error">{loadError}</Alert>;

  const showForm = editing.groupHexId ? canUpdate : canCreate;
  const selected = groups?.find((g) => g.groupHexId === membersOf) ?? null;
  const available = selected ? candidates.filter((c) => !selected.members.some((m) => m.userHexId === c.userHexId)) : [];

  return (
    <div className="space-y-6">
      {showForm ? (
        <Card title={editing.groupHexId ? t("editTitle", { name: editing.original }) : t("newTitle")}>
          <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end" data-testid="group-form">
            <TextField
              label={t("name")}
              name="name"
              value={editing.name}
              error={nameError ?? undefined}
              onChange={(e) => setEditing({ ...editing, name: e.target.value })}
              maxLength={80}
            />
            <TextField
              label={t("description")}
              name="description"
              value={editing.description}
              onChange={(e) => setEditing({ ...editing, description: e.target.value })}
              maxLength={255}
            />
            <div className="flex gap-2">
              <Button type="submit" disabled={saving}>
                {t("save")}
              </Button>
              {editing.groupHexId ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setEditing(blank);
                    setNameError(null);
                  }}
                >
                  {t("cancel")}
                </Button>
              ) : null}
            </div>
          </form>
        </Card>
      ) : null}
      {groups ? (
        <CatalogTable
          data={groups}
          columns={columns}
          rowId={(group) => group.groupHexId}
          rowAttributes={(group) => ({ "data-testid": "group-row", "data-name": group.name })}
          empty={t("empty")}
          testId="groups-table"
        />
      ) : (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      )}
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
                <Button type="submit">{t("addMember")}</Button>
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
