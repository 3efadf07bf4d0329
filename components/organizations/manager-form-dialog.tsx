"use client";

import { useTranslations } from "next-intl";
import { FormDialog } from "@/components/ui/form-dialog";
import { useApi } from "@/components/client/use-api";
import { useApiForm } from "@/components/client/use-api-form";
import { notifySuccess } from "@/components/client/notify";
import { PersonFields, personFields, type PersonValues } from "@/components/users/person-fields";
import { managerInput, type OrganizationView } from "@/lib/organizations/admin-schemas";

type Props = { organization: OrganizationView; onClose: () => void; onSaved: () => void };

/** Invite an administrator to `organization`: they get its Administrador role and a /SetPass link by mail. */
export function ManagerFormDialog({ organization, onClose, onSaved }: Props) {
  const t = useTranslations("managers.form");
  const notices = useTranslations("managers");
  const api = useApi();
  const form = useApiForm<PersonValues>({
    schema: managerInput,
    defaultValues: { firstName: "", lastName: "", email: "", cellPhone: "" },
    fields: personFields,
    send: (body) => api(`/api/organizations/${organization.organizationHexId}/managers`, { method: "POST", body }),
    onSaved: (_, values) => {
      notifySuccess(notices("invited", { email: values.email }));
      onSaved();
    },
  });

  return (
    <FormDialog
      form={form}
      title={t("title")}
      description={t("description", { organization: organization.name })}
      testId="manager-form-dialog"
      formTestId="manager-form"
      submitTestId="manager-form-submit"
      submitLabel={t("invite")}
      cancelLabel={t("cancel")}
      onClose={onClose}
    >
      <PersonFields form={form} />
    </FormDialog>
  );
}
