import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureDigitalSignature");

/** /signature-process/digital-signature/{urlSign?}/{processHexId?} */
export default async function SignatureDigitalSignaturePage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureDigitalSignature" capability="signer" />;
}
