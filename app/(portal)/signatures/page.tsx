import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("signatures");

/** /signatures */
export default async function SignaturesPage() {
  await requirePage("/signatures");
  return <PlannedScreen titleKey="signatures" capability="documents" />;
}
