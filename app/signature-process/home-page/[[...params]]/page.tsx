import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureHomePage");

/** /signature-process/home-page/{urlSign?}/{processHexId?} */
export default async function SignatureHomePagePage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureHomePage" capability="signer" />;
}
