import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";

export const generateMetadata = () => screenMetadata("detectRtc");

/** /detect-rtc */
export default function DetectRtcPage() {
  return <PlannedScreen titleKey="detectRtc" capability="signer" />;
}
