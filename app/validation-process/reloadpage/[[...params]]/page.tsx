import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationReloadPage");

/** /validation-process/reloadpage/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function ValidationReloadPagePage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="validationReloadPage" capability="validations" />;
}
