"use client";

import { useTranslations } from "next-intl";
import { SelectField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useApi } from "@/components/client/use-api";
import { useApiForm } from "@/components/client/use-api-form";
import { notifySuccess } from "@/components/client/notify";
import type { UserFormOptions } from "@/lib/users/user-form-options";
import { userFormInput, type UserView } from "@/lib/users/schemas";
import { PersonFields, personFields, type PersonValues } from "./person-fields";

type Values = PersonValues & { roleHexId: string; groupHexIds: string[] };

type Props = {
  /** null invites a new user. */
  user: UserView | null;
  options: UserFormOptions;
  onClose: () => void;
  onSaved: () => void;
};

/** Invite or edit a user. Mounted only while open, so each opening starts from the user's current data. */
export function UserFormDialog({ user, options, onClose, onSaved }: Props) {
  const t = useTranslations("users.form");
  const notices = useTranslations("users.notices");
  const api = useApi();
  // A user may hold a role the caller cannot give; keep it choosable so saving other fields does not drop it.
  const current = user?.roles[0];
  const roles = current && !options.roles.some((r) => r.roleHexId === current.roleHexId) ? [...options.roles, current] : options.roles;
  const form = useApiForm<Values>({
    schema: userFormInput,
    defaultValues: {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      email: user?.email ?? "",
      cellPhone: user?.cellPhone ?? "",
      roleHexId: current?.roleHexId ?? "",
      groupHexIds: user?.groups.map((g) => g.groupHexId) ?? [],
    },
    fields: [...personFields, "roleHexId", "groupHexIds"],
    // The API names the role and group lists; the form has one picker and a set of boxes.
    fieldAliases: { roleHexIds: "roleHexId" },
    send: ({ roleHexId, groupHexIds, ...values }) => {
      const body = { ...values, roleHexIds: roleHexId ? [roleHexId] : [], groupHexIds };
      return user ? api(`/api/users/${user.userHexId}`, { method: "PUT", body }) : api("/api/users", { method: "POST", body });
    },
    onSaved: () => {
      notifySuccess(notices(user ? "updated" : "invited"));
      onSaved();
    },
  });

  return (
    <FormDialog
      form={form}
      title={user ? t("editTitle") : t("createTitle")}
      description={user ? t("editDescription") : t("description")}
      testId="user-form-dialog"
      formTestId="user-form"
      submitTestId="user-form-submit"
      submitLabel={user ? t("save") : t("invite")}
      cancelLabel={t("cancel")}
      onClose={onClose}
    >
      <PersonFields form={form}>
        <SelectField label={t("role")} error={form.error("roleHexId")} {...form.register("roleHexId")}>
          <option value="">{t("noRole")}</option>
          {roles.map((role) => (
            <option key={role.roleHexId} value={role.roleHexId}>
              {role.name}
            </option>
          ))}
        </SelectField>
      </PersonFields>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t("groups")}</legend>
        {options.groups.length === 0 ? <p className="text-xs text-slate-500">{t("noGroups")}</p> : null}
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {options.groups.map((group) => (
            <label key={group.groupHexId} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" value={group.groupHexId} {...form.register("groupHexIds")} />
              {group.name}
            </label>
          ))}
        </div>
        {form.error("groupHexIds") ? <p className="text-xs text-red-600">{form.error("groupHexIds")}</p> : null}
      </fieldset>
    </FormDialog>
  );
}
