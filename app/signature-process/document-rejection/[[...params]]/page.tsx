import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureDocumentRejection");

/** /signature-process/document-rejection/{urlSign?}/{processHexId?} */
export default async function SignatureDocumentRejectionPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureDocumentRejection" capability="signer" />;
}
