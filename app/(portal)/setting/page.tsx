import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("setting");

/** /setting */
export default async function SettingPage() {
  await requirePage("/setting");
  return <PlannedScreen titleKey="setting" capability="administration" />;
}
