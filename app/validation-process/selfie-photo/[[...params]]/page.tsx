import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationSelfiePhoto");

/** /validation-process/selfie-photo/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function ValidationSelfiePhotoPage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="validationSelfiePhoto" capability="validations" />;
}
