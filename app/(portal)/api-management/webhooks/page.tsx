import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { screenMetadata } from "@/components/layout/route-params";
import { PageTitle } from "@/components/ui/card";
import { WebhooksScreen } from "@/components/webhooks/webhooks-screen";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("apiManagement");

/** /api-management/webhooks: the organisation's webhook endpoints and deliveries, and its callback secret. */
export default async function WebhooksPage() {
  await requirePage("/api-management/webhooks");
  const t = await getTranslations("webhooks");
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link href="/apisadhoc" className="text-sm font-medium text-brand-700 hover:underline">
        {t("backToApi")}
      </Link>
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <WebhooksScreen />
    </div>
  );
}
