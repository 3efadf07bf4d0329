import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("seeAfiliation");

/** /seeAfiliation/{hexId?} */
export default async function SeeAfiliationPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  await requirePage(routePath("seeAfiliation", segments));
  namedSegments(segments, ["hexId"]);
  return <PlannedScreen titleKey="seeAfiliation" capability="validations" />;
}
