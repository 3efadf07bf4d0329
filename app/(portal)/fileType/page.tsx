import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("fileType");

/** /fileType */
export default async function FileTypePage() {
  await requirePage("/fileType");
  return <PlannedScreen titleKey="fileType" capability="documents" />;
}
