import { PlannedScreen } from "@/components/layout/planned-screen";
import { routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("apiManagement");

/** /api-management/{apiUserHexId} */
export default async function ApiManagementPage({ params }: { params: Promise<{ apiUserHexId: string }> }) {
  const { apiUserHexId } = await params;
  await requirePage(routePath("api-management", apiUserHexId));
  return <PlannedScreen titleKey="apiManagement" capability="administration" />;
}
