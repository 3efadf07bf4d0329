import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureAcceptTerms");

/** /signature-process/accept-terms/{urlSign?}/{processHexId?} */
export default async function SignatureAcceptTermsPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureAcceptTerms" capability="signer" />;
}
