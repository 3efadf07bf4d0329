import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureReloadPage");

/** /signature-process/reloadpage/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function SignatureReloadPagePage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="signatureReloadPage" capability="signer" />;
}
