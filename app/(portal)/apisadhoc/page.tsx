import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ApiKeyTable } from "@/components/api-keys/api-key-table";
import { screenMetadata } from "@/components/layout/route-params";
import { Button } from "@/components/ui/button";
import { Card, PageTitle } from "@/components/ui/card";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("apisadhoc");

/** /apisadhoc: the organisation's API keys. */
export default async function ApisAdhocPage() {
  const context = await requirePage("/apisadhoc");
  const [t, titles, list, webhooks] = await Promise.all([
    getTranslations("apiKeys"),
    getTranslations("screens"),
    listApiKeys(context),
    getTranslations("webhooks"),
  ]);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageTitle subtitle={t("listSubtitle")}>{titles("apisadhoc")}</PageTitle>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild>
          <Link href="/api-management/new" data-testid="api-key-new">
            {t("new")}
          </Link>
        </Button>
        <div className="flex flex-wrap gap-4">
          <Link href="/api-management/webhooks" className="text-sm font-medium text-brand-700 hover:underline" data-testid="webhooks-link">
            {webhooks("link")}
          </Link>
          <a href="/api/openapi.json" className="text-sm font-medium text-brand-700 hover:underline">
            {t("docs")}
          </a>
        </div>
      </div>
      <Card>
        <ApiKeyTable keys={list._embedded.apiKeys} />
      </Card>
    </div>
  );
}
