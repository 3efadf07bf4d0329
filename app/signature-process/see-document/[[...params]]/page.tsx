import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureSeeDocument");

/** /signature-process/see-document/{urlSign?}/{processHexId?} */
export default async function SignatureSeeDocumentPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureSeeDocument" capability="signer" />;
}
