import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationVideo");

/** /validation-process/video/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function ValidationVideoPage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="validationVideo" capability="validations" />;
}
