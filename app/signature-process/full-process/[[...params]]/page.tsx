import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureFullProcess");

/** /signature-process/full-process/{urlSign?}/{processHexId?} */
export default async function SignatureFullProcessPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureFullProcess" capability="signer" />;
}
