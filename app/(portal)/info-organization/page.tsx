import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("infoOrganization");

/** /info-organization */
export default async function InfoOrganizationPage() {
  await requirePage("/info-organization");
  return <PlannedScreen titleKey="infoOrganization" capability="administration" />;
}
