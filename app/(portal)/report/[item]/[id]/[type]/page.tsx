import { PlannedScreen } from "@/components/layout/planned-screen";
import { routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("report");

/** /report/{item}/{id}/{type} */
export default async function ReportPage({ params }: { params: Promise<{ item: string; id: string; type: string }> }) {
  const { item, id, type } = await params;
  await requirePage(routePath("report", item, id, type));
  return <PlannedScreen titleKey="report" capability="documents" />;
}
