import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("docdetail");

/** /docdetail/{documentHexId}/{mySign?} */
export default async function DocDetailPage({ params }: CatchAllProps<{ documentHexId: string }>) {
  const { documentHexId, params: segments } = await params;
  await requirePage(routePath("docdetail", documentHexId, segments));
  namedSegments(segments, ["mySign"]);
  return <PlannedScreen titleKey="docdetail" capability="documents" />;
}
