import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationFinishedAttempts");

/** /validation-process/finishedAttempts/{urlSign?}/{processHexId?}/{val?} */
export default async function ValidationFinishedAttemptsPage({ params }: CatchAllProps) {
  namedSegments((await params).params, [...processParams, "val"]);
  return <PlannedScreen titleKey="validationFinishedAttempts" capability="validations" />;
}
