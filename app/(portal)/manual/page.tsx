import { getTranslations } from "next-intl/server";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("manual") };
}

const sections = ["signin", "menu", "send", "signers", "evidence", "security", "language"] as const;

export default async function ManualPage() {
  await requirePage("/manual");
  const t = await getTranslations("manual");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      {sections.map((s) => (
        <Card key={s} title={t(`${s}.title`)}>
          <p className="text-sm leading-6 text-slate-700">{t(`${s}.body`)}</p>
        </Card>
      ))}
    </div>
  );
}
