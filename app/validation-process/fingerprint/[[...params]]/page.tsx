import { PlannedScreen } from "@/components/layout/planned-screen";
import { attemptParams, type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationFingerprint");

/** /validation-process/fingerprint/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function ValidationFingerprintPage({ params }: CatchAllProps) {
  namedSegments((await params).params, attemptParams);
  return <PlannedScreen titleKey="validationFingerprint" capability="validations" />;
}
