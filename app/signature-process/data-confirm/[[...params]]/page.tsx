import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureDataConfirm");

/** /signature-process/data-confirm/{urlSign?}/{processHexId?} */
export default async function SignatureDataConfirmPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureDataConfirm" capability="signer" />;
}
