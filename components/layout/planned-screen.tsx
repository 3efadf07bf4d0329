import { getTranslations } from "next-intl/server";
import { Card, PageTitle } from "@/components/ui/card";

export type Capability = "documents" | "signer" | "evidence" | "administration" | "validations";

/**
 * A route of the specification whose screen arrives with a later capability. It answers, says so
 * plainly in the user's language, and names what will be here.
 */
export async function PlannedScreen({ titleKey, capability }: { titleKey: string; capability: Capability }) {
  const t = await getTranslations("planned");
  const titles = await getTranslations("screens");
  return (
    <div className="mx-auto max-w-2xl p-6">
      <PageTitle>{titles(titleKey)}</PageTitle>
      <Card>
        <p className="text-slate-700" data-testid="planned-screen">
          {t("notYet", { capability: t(`capability.${capability}`) })}
        </p>
        <p className="mt-2 text-sm text-slate-500">{t("meanwhile")}</p>
      </Card>
    </div>
  );
}
