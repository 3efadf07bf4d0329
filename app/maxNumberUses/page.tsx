import { getTranslations } from "next-intl/server";
import { Card, PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("maxNumberUses");

/** /maxNumberUses: where a signature or validation link lands once it has been used as often as allowed. */
export default async function MaxNumberUsesPage() {
  const [errors, screens] = await Promise.all([getTranslations("errors"), getTranslations("screens")]);
  return (
    <main className="mx-auto max-w-2xl p-6">
      <PageTitle>{screens("maxNumberUses")}</PageTitle>
      <Card>
        <p className="font-medium text-slate-900" data-testid="max-uses-message">
          {errors("MAX_USES_REACHED")}
        </p>
        <p className="mt-2 text-slate-700">{screens("maxNumberUsesAdvice")}</p>
      </Card>
    </main>
  );
}
