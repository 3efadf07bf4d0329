import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureIdPhoto");

/** /signature-process/id-photo/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function SignatureIdPhotoPage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="signatureIdPhoto" capability="signer" />;
}
