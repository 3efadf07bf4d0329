import { PlannedScreen } from "@/components/layout/planned-screen";
import { routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("rolePrivileges");

/** /rolePrivileges/{rolId} */
export default async function RolePrivilegesPage({ params }: { params: Promise<{ rolId: string }> }) {
  const { rolId } = await params;
  await requirePage(routePath("rolePrivileges", rolId));
  return <PlannedScreen titleKey="rolePrivileges" capability="administration" />;
}
