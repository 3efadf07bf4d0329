import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("organization");

/** /organization */
export default async function OrganizationPage() {
  await requirePage("/organization");
  return <PlannedScreen titleKey="organization" capability="administration" />;
}
