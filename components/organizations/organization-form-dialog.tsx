"use client";

import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useFieldError } from "@/components/auth/use-form-errors";
import { organizationInput, type OrganizationView } from "@/lib/organizations/admin-schemas";

type Values = { name: string; country: string; timezone: string };
const fieldNames: (keyof Values)[] = ["name", "country", "timezone"];

type Props = {
  /** null creates a new organisation. */
  organization: OrganizationView | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Create or edit an organisation. Mounted only while open, so each opening starts from its current data. */
export function OrganizationFormDialog({ organization, onClose, onSaved }: Props) {
  const t = useTranslations("organizations.form");
  const notices = useTranslations("organizations");
  const api = useApi();
  const fieldError = useFieldError();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = organization !== null;
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(organizationInput as never) as never,
    defaultValues: {
      name: organization?.name ?? "",
      country: organization?.country ?? "ES",
      timezone: organization?.timezone ?? "Europe/Madrid",
    },
  });

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    const result = organization
      ? await api<OrganizationView>(`/api/organizations/${organization.organizationHexId}`, { method: "PUT", body })
      : await api<OrganizationView>("/api/organizations", { method: "POST", body });
    if (result.ok) {
      notifySuccess(notices("saved"));
      onSaved();
      return;
    }
    const field = result.error.field;
    if (typeof field === "string" && (fieldNames as string[]).includes(field))
      setError(field as Path<Values>, { message: result.error.errorCode });
    else setFormError(result.error.message);
    notifyApiError(result.error);
  });

  const error = (name: keyof Values) => fieldError(formState.errors[name] as Parameters<typeof fieldError>[0]);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? t("editTitle") : t("createTitle")}
      description={editing ? undefined : t("description")}
      testId="organization-form-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="organization-form">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField label={t("name")} autoComplete="off" error={error("name")} {...register("name")} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t("country")}
            autoComplete="off"
            maxLength={2}
            hint={t("countryHint")}
            error={error("country")}
            {...register("country")}
          />
          <TextField
            label={t("timezone")}
            autoComplete="off"
            hint={t("timezoneHint")}
            error={error("timezone")}
            {...register("timezone")}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting} data-testid="organization-form-submit">
            {editing ? t("save") : t("create")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
