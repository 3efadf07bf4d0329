import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("signatureSummarySigners");

/** /signature-process/summary-signers/{urlSign?}/{processHexId?} */
export default async function SignatureSummarySignersPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="signatureSummarySigners" capability="signer" />;
}
