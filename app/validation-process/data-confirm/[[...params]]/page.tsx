import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationDataConfirm");

/** /validation-process/data-confirm/{urlSign?}/{processHexId?}/{status?} */
export default async function ValidationDataConfirmPage({ params }: CatchAllProps) {
  namedSegments((await params).params, [...processParams, "status"]);
  return <PlannedScreen titleKey="validationDataConfirm" capability="validations" />;
}
