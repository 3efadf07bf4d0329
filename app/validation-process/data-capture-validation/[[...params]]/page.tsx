import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationDataCapture");

/** /validation-process/data-capture-validation/{urlSign?}/{processHexId?} */
export default async function ValidationDataCapturePage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="validationDataCapture" capability="validations" />;
}
