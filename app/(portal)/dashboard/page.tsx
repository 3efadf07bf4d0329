import { getFormatter, getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/page-guard";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { beforeFullStop } from "@/lib/i18n/text";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("dashboard") };
}

export default async function DashboardPage() {
  const context = await requirePage("/dashboard");
  const [t, format, counts] = await Promise.all([getTranslations("dashboard"), getFormatter(), getDashboard(context)]);
  const tiles: { key: string; value: number }[] = [];
  if (counts.documents) {
    tiles.push(
      { key: "documentsTotal", value: counts.documents.total },
      { key: "documentsInProgress", value: counts.documents.inProgress },
      { key: "documentsCompleted", value: counts.documents.completed },
      { key: "documentsDrafts", value: counts.documents.drafts },
    );
  }
  if (counts.myPending !== undefined) tiles.push({ key: "myPending", value: counts.myPending });
  if (counts.contacts !== undefined) tiles.push({ key: "contacts", value: counts.contacts });
  if (counts.users !== undefined) tiles.push({ key: "users", value: counts.users });
  if (counts.activeFlows !== undefined) tiles.push({ key: "activeFlows", value: counts.activeFlows });
  return (
    <div>
      <PageTitle subtitle={t("welcome", { name: context.firstName, organization: beforeFullStop(context.organizationName) })}>
        {t("title")}
      </PageTitle>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="dashboard-counts">
        {tiles.map((tile) => (
          <li key={tile.key} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-count={tile.key}>
            <p className="text-sm text-slate-600">{t(`tiles.${tile.key}`)}</p>
            <p className="mt-2 text-3xl font-semibold text-slate-900">{format.number(tile.value)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
