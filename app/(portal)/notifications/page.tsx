import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("notifications");

/** /notifications */
export default async function NotificationsPage() {
  await requirePage("/notifications");
  return <PlannedScreen titleKey="notifications" capability="documents" />;
}
