import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationHomePage");

/** /validation-process/home-page/{urlSign?}/{processHexId?} */
export default async function ValidationHomePagePage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="validationHomePage" capability="validations" />;
}
