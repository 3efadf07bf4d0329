"use client";

import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Modal } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { UserFormOptions } from "@/lib/users/user-form-options";
import { userFormInput, type UserView } from "@/lib/users/schemas";

type Values = { firstName: string; lastName: string; email: string; cellPhone: string; roleHexId: string; groupHexIds: string[] };

const fieldNames: (keyof Values)[] = ["firstName", "lastName", "email", "cellPhone", "roleHexId", "groupHexIds"];
// The API names the role and group lists; the form has one picker and a set of boxes.
const formField: Record<string, keyof Values> = { roleHexIds: "roleHexId", groupHexIds: "groupHexIds" };

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
  const fieldError = useFieldError();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = user !== null;
  // A user may hold a role the caller cannot give; keep it choosable so saving other fields does not drop it.
  const current = user?.roles[0];
  const roles = current && !options.roles.some((r) => r.roleHexId === current.roleHexId) ? [...options.roles, current] : options.roles;
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(userFormInput as never) as never,
    defaultValues: {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      email: user?.email ?? "",
      cellPhone: user?.cellPhone ?? "",
      roleHexId: current?.roleHexId ?? "",
      groupHexIds: user?.groups.map((g) => g.groupHexId) ?? [],
    },
  });

  const submit = handleSubmit(async ({ roleHexId, groupHexIds, ...values }) => {
    setFormError(null);
    const body = { ...values, roleHexIds: roleHexId ? [roleHexId] : [], groupHexIds };
    const result = user
      ? await api<UserView>(`/api/users/${user.userHexId}`, { method: "PUT", body })
      : await api<{ userHexId: string }>("/api/users", { method: "POST", body });
    if (result.ok) {
      notifySuccess(notices(editing ? "updated" : "invited"));
      onSaved();
      return;
    }
    const raw = result.error.field;
    const field = typeof raw === "string" ? (formField[raw] ?? raw) : undefined;
    if (field && (fieldNames as string[]).includes(field)) setError(field as Path<Values>, { message: result.error.errorCode });
    else setFormError(result.error.message);
    notifyApiError(result.error);
  });

  const error = (name: keyof Values) => fieldError(formState.errors[name] as Parameters<typeof fieldError>[0]);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? t("editTitle") : t("createTitle")}
      description={editing ? t("editDescription") : t("description")}
      testId="user-form-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="user-form">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={t("firstName")} autoComplete="off" error={error("firstName")} {...register("firstName")} />
          <TextField label={t("lastName")} autoComplete="off" error={error("lastName")} {...register("lastName")} />
          <TextField label={t("email")} type="email" autoComplete="off" error={error("email")} {...register("email")} />
          <TextField
            label={t("cellPhone")}
            type="tel"
            autoComplete="off"
            hint={t("phoneHint")}
            error={error("cellPhone")}
            {...register("cellPhone")}
          />
          <SelectField label={t("role")} error={error("roleHexId")} {...register("roleHexId")}>
            <option value="">{t("noRole")}</option>
            {roles.map((role) => (
              <option key={role.roleHexId} value={role.roleHexId}>
                {role.name}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{t("groups")}</legend>
          {options.groups.length === 0 ? <p className="text-xs text-slate-500">{t("noGroups")}</p> : null}
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {options.groups.map((group) => (
              <label key={group.groupHexId} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" value={group.groupHexId} {...register("groupHexIds")} />
                {group.name}
              </label>
            ))}
          </div>
          {error("groupHexIds") ? <p className="text-xs text-red-600">{error("groupHexIds")}</p> : null}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting} data-testid="user-form-submit">
            {editing ? t("save") : t("invite")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
