import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("seeValidation");

/** /seeValidation/{hexId?}/{status?} */
export default async function SeeValidationPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  await requirePage(routePath("seeValidation", segments));
  namedSegments(segments, ["hexId", "status"]);
  return <PlannedScreen titleKey="seeValidation" capability="validations" />;
}
