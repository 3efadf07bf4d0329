import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("flows");

/** /flows */
export default async function FlowsPage() {
  await requirePage("/flows");
  return <PlannedScreen titleKey="flows" capability="documents" />;
}
