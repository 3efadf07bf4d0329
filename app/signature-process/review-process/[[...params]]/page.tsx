import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureReviewProcess");

/** /signature-process/review-process/{urlSign?}/{processHexId?} */
export default async function SignatureReviewProcessPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureReviewProcess" capability="signer" />;
}
