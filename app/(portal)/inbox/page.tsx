import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("inbox");

/** /inbox */
export default async function InboxPage() {
  await requirePage("/inbox");
  return <PlannedScreen titleKey="inbox" capability="documents" />;
}
