import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureVideo");

/** /signature-process/videosignature/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function SignatureVideoPage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="signatureVideo" capability="signer" />;
}
