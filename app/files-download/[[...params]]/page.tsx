import { PlannedScreen } from "@/components/layout/planned-screen";
import { type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("filesDownload");

/** /files-download/{urlDownload?} */
export default async function FilesDownloadPage({ params }: CatchAllProps) {
  namedSegments((await params).params, ["urlDownload"]);
  return <PlannedScreen titleKey="filesDownload" capability="signer" />;
}
