import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ApiKeyCreate } from "@/components/api-keys/api-key-create";
import { ApiKeyEditor } from "@/components/api-keys/api-key-editor";
import { routePath, screenMetadata } from "@/components/layout/route-params";
import { PageTitle } from "@/components/ui/card";
import { getApiKey } from "@/lib/api-keys/get-api-key";
import { listRoleOptions } from "@/lib/api-keys/list-role-options";
import { requirePage } from "@/lib/auth/page-guard";
import { isAppError } from "@/lib/errors/app-error";

export const generateMetadata = () => screenMetadata("apiManagement");

/** /api-management/{apiUserHexId}: one key of the organisation, or "new" to create one. */
export default async function ApiManagementPage({ params }: { params: Promise<{ apiUserHexId: string }> }) {
  const { apiUserHexId } = await params;
  const context = await requirePage(routePath("api-management", apiUserHexId));
  const [t, titles, roles] = await Promise.all([getTranslations("apiKeys"), getTranslations("screens"), listRoleOptions(context)]);
  const apiKey =
    apiUserHexId === "new"
      ? null
      : await getApiKey(context, apiUserHexId).catch((error: unknown) => {
          if (isAppError(error) && error.code === "NOT_FOUND") notFound();
          throw error;
        });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link href="/apisadhoc" className="text-sm font-medium text-brand-700 hover:underline">
        {t("backToList")}
      </Link>
      <PageTitle subtitle={apiKey ? undefined : t("listSubtitle")}>
        {apiKey ? `${titles("apiManagement")}: ${apiKey.name}` : t("new")}
      </PageTitle>
      {apiKey ? <ApiKeyEditor apiKey={apiKey} roles={roles} /> : <ApiKeyCreate roles={roles} />}
    </div>
  );
}
