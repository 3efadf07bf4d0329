import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("managers");

/** /managers */
export default async function ManagersPage() {
  await requirePage("/managers");
  return <PlannedScreen titleKey="managers" capability="administration" />;
}
