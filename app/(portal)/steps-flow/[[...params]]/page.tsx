import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("stepsFlow");

/** /steps-flow/{flowIdSel?}/{flowProcess?} */
export default async function StepsFlowPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  await requirePage(routePath("steps-flow", segments));
  namedSegments(segments, ["flowIdSel", "flowProcess"]);
  return <PlannedScreen titleKey="stepsFlow" capability="documents" />;
}
