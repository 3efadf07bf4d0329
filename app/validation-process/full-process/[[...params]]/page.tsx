import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationFullProcess");

/** /validation-process/full-process/{urlSign?}/{processHexId?} */
export default async function ValidationFullProcessPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="validationFullProcess" capability="validations" />;
}
