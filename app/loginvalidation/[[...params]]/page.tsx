import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("loginValidation");

/** /loginvalidation/{validationHexId?} */
export default async function LoginValidationPage({ params }: CatchAllProps) {
  namedSegments((await params).params, ["validationHexId"]);
  return <PlannedScreen titleKey="loginValidation" capability="validations" />;
}
