import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, processParams, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validationReviewProcess");

/** /validation-process/review-process/{urlSign?}/{processHexId?} */
export default async function ValidationReviewProcessPage({ params }: CatchAllProps) {
  namedSegments((await params).params, processParams);
  return <PlannedScreen titleKey="validationReviewProcess" capability="validations" />;
}
