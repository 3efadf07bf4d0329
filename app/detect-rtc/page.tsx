import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { screenMetadata } from "@/components/layout/route-params";
import { DetectRtcScreen } from "@/components/signing/detect-rtc-screen";

export const generateMetadata = () => screenMetadata("detectRtc");

/** /detect-rtc: public (no sign-in); the signer checks camera, microphone and WebRTC in this browser. */
export default async function DetectRtcPage() {
  const [screens, requestHeaders] = await Promise.all([getTranslations("screens"), headers()]);
  return (
    <AuthFrame title={screens("detectRtc")}>
      <DetectRtcScreen userAgent={requestHeaders.get("user-agent") ?? ""} />
    </AuthFrame>
  );
}
