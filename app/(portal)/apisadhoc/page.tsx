import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("apisadhoc");

/** /apisadhoc */
export default async function ApisAdhocPage() {
  await requirePage("/apisadhoc");
  return <PlannedScreen titleKey="apisadhoc" capability="administration" />;
}
