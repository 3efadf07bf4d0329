"use client";

import { useTranslations } from "next-intl";
import { ApiForm } from "./api-form";
import { profileInput } from "@/lib/validation/account-schemas";

export function ProfileForm({ defaults }: { defaults: { firstName: string; lastName: string; cellPhone: string } }) {
  const t = useTranslations("profile");
  return (
    <ApiForm
      testId="profile-form"
      schema={profileInput}
      endpoint="/api/profile"
      submitLabel={t("save")}
      successMessage={t("saved")}
      defaultValues={defaults}
      fields={[
        { name: "firstName", label: t("firstName"), autoComplete: "given-name" },
        { name: "lastName", label: t("lastName"), autoComplete: "family-name" },
        { name: "cellPhone", label: t("cellPhone"), type: "tel", autoComplete: "tel" },
      ]}
    />
  );
}
