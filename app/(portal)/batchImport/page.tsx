import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("batchImport");

/** /batchImport */
export default async function BatchImportPage() {
  await requirePage("/batchImport");
  return <PlannedScreen titleKey="batchImport" capability="documents" />;
}
