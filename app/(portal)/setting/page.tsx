import { getTranslations } from "next-intl/server";
import { screenMetadata } from "@/components/layout/route-params";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/page-guard";
import { getCaptureSettings } from "@/lib/settings/capture-settings";

export const generateMetadata = () => screenMetadata("setting");

/** /setting: the organisation's capture settings (ORGANIZACION:UPDATE; snippet and face checks for platform administrators). */
export default async function SettingPage() {
  const context = await requirePage("/setting");
  const t = await getTranslations("settings");
  const settings = await getCaptureSettings(context);
  return (
    <div className="mx-auto max-w-4xl">
      <PageTitle subtitle={t("intro")}>{t("title")}</PageTitle>
      <SettingsScreen initial={settings} />
    </div>
  );
}
