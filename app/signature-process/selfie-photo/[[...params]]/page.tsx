import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureSelfiePhoto");

/** /signature-process/selfie-photo/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function SignatureSelfiePhotoPage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="signatureSelfiePhoto" capability="signer" />;
}
