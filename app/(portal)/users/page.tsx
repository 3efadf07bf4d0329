import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("users");

/** /users */
export default async function UsersPage() {
  await requirePage("/users");
  return <PlannedScreen titleKey="users" capability="administration" />;
}
