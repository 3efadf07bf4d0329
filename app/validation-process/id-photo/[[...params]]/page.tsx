import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationIdPhoto");

/** /validation-process/id-photo/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function ValidationIdPhotoPage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="validationIdPhoto" capability="validations" />;
}
