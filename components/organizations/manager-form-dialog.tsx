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
import { managerInput, type OrganizationView } from "@/lib/organizations/admin-schemas";

type Values = { firstName: string; lastName: string; email: string; cellPhone: string };
const fieldNames: (keyof Values)[] = ["firstName", "lastName", "email", "cellPhone"];

type Props = { organization: OrganizationView; onClose: () => void; onSaved: () => void };

/** Invite an administrator to `organization`: they get its Administrador role and a /SetPass link by mail. */
export function ManagerFormDialog({ organization, onClose, onSaved }: Props) {
  const t = useTranslations("managers.form");
  const notices = useTranslations("managers");
  const api = useApi();
  const fieldError = useFieldError();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(managerInput as never) as never,
    defaultValues: { firstName: "", lastName: "", email: "", cellPhone: "" },
  });

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    const result = await api<{ userHexId: string }>(`/api/organizations/${organization.organizationHexId}/managers`, {
      method: "POST",
      body,
    });
    if (result.ok) {
      notifySuccess(notices("invited", { email: body.email }));
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
      title={t("title")}
      description={t("description", { organization: organization.name })}
      testId="manager-form-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="manager-form">
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
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting} data-testid="manager-form-submit">
            {t("invite")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
