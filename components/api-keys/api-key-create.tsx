"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ApiForm } from "@/components/auth/api-form";
import { Card } from "@/components/ui/card";
import { createApiKeyInput, type ApiKeyWithSecret } from "@/lib/api-keys/schemas";
import { ApiKeySecretPanel } from "./api-key-secret-panel";

export type RoleOption = { roleHexId: string; name: string };

export function roleField(t: (key: string) => string, roles: RoleOption[]) {
  return {
    name: "roleHexId",
    label: t("role"),
    hint: t("roleHint"),
    options: [{ value: "", label: t("rolePlaceholder") }, ...roles.map((role) => ({ value: role.roleHexId, label: role.name }))],
  };
}

/** /api-management/new: the form, then the new key, once. */
export function ApiKeyCreate({ roles }: { roles: RoleOption[] }) {
  const t = useTranslations("apiKeys");
  const router = useRouter();
  const [created, setCreated] = useState<ApiKeyWithSecret | null>(null);

  if (created)
    return <ApiKeySecretPanel secret={created.apiKey} onDone={() => router.replace(`/api-management/${created.apiUserHexId}`)} />;

  return (
    <Card title={t("data")}>
      <ApiForm
        testId="api-key-form"
        schema={createApiKeyInput}
        endpoint="/api/api-keys"
        submitLabel={t("create")}
        defaultValues={{ name: "", description: "", roleHexId: "" }}
        onSuccess={(data) => setCreated(data as ApiKeyWithSecret)}
        fields={[{ name: "name", label: t("name") }, { name: "description", label: t("description") }, roleField(t, roles)]}
      />
    </Card>
  );
}
