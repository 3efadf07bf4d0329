import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureFinishedAttempts");

/** /signature-process/finishedAttempts/{urlSign?}/{processHexId?}/{val?} */
export default async function SignatureFinishedAttemptsPage({ params }: CatchAllProps) {
  namedSegments((await params).params, [...processParams, "val"]);
  return <PlannedScreen titleKey="signatureFinishedAttempts" capability="signer" />;
}
