import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("groups");

/** /groups */
export default async function GroupsPage() {
  await requirePage("/groups");
  return <PlannedScreen titleKey="groups" capability="administration" />;
}
