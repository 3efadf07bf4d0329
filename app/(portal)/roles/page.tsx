import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("roles");

/** /roles */
export default async function RolesPage() {
  await requirePage("/roles");
  return <PlannedScreen titleKey="roles" capability="administration" />;
}
