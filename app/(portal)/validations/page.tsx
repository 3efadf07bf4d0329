import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("validations");

/** /validations */
export default async function ValidationsPage() {
  await requirePage("/validations");
  return <PlannedScreen titleKey="validations" capability="validations" />;
}
