import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("affiliation");

/** /affiliation */
export default async function AffiliationPage() {
  await requirePage("/affiliation");
  return <PlannedScreen titleKey="affiliation" capability="validations" />;
}
