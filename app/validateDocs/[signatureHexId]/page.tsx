import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("validateDocs");

/** /validateDocs/{signatureHexId} */
export default function ValidateDocsPage() {
  return <PlannedScreen titleKey="validateDocs" capability="evidence" />;
}
