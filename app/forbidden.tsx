import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";

/** Rendered inside the portal layout when a role lacks a page's privilege. */
export default async function Forbidden() {
  const t = await getTranslations("pages.forbidden");
  return (
    <div className="mx-auto max-w-xl py-12">
      <Card title={t("title")}>
        <p className="text-slate-700" data-testid="forbidden">
          {t("body")}
        </p>
        {/* A plain link: next/link's code would weigh on every page's first load (this boundary ships with each). */}
        <a href="/dashboard" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
          {t("back")}
        </a>
      </Card>
    </div>
  );
}
