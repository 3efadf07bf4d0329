"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useApi } from "@/components/client/use-api";
import { useApiForm } from "@/components/client/use-api-form";
import { notifySuccess } from "@/components/client/notify";
import { organizationInput, type OrganizationView } from "@/lib/organizations/admin-schemas";

type Values = { name: string; country: string; timezone: string };

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
  const form = useApiForm<Values>({
    schema: organizationInput,
    defaultValues: {
      name: organization?.name ?? "",
      country: organization?.country ?? "ES",
      timezone: organization?.timezone ?? "Europe/Madrid",
    },
    fields: ["name", "country", "timezone"],
    send: (body) =>
      organization
        ? api(`/api/organizations/${organization.organizationHexId}`, { method: "PUT", body })
        : api("/api/organizations", { method: "POST", body }),
    onSaved: () => {
      notifySuccess(notices("saved"));
      onSaved();
    },
  });

  return (
    <FormDialog
      form={form}
      title={organization ? t("editTitle") : t("createTitle")}
      description={organization ? undefined : t("description")}
      testId="organization-form-dialog"
      formTestId="organization-form"
      submitTestId="organization-form-submit"
      submitLabel={organization ? t("save") : t("create")}
      cancelLabel={t("cancel")}
      onClose={onClose}
    >
      <TextField label={t("name")} autoComplete="off" error={form.error("name")} {...form.register("name")} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t("country")}
          autoComplete="off"
          maxLength={2}
          hint={t("countryHint")}
          error={form.error("country")}
          {...form.register("country")}
        />
        <TextField
          label={t("timezone")}
          autoComplete="off"
          hint={t("timezoneHint")}
          error={form.error("timezone")}
          {...form.register("timezone")}
        />
      </div>
    </FormDialog>
  );
}
