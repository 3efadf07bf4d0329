import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("prepareDocument");

/** /prepare-document/{documentHexId?} */
export default async function PrepareDocumentPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  await requirePage(routePath("prepare-document", segments));
  namedSegments(segments, ["documentHexId"]);
  return <PlannedScreen titleKey="prepareDocument" capability="documents" />;
}
