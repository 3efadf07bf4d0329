import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { VideoRecorder } from "@/components/signing/video-recorder";
import { detectBrowser } from "@/lib/signing/rtc-check";

export const generateMetadata = () => screenMetadata("signatureVideo");

/** /signature-process/videosignature/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function SignatureVideoPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("videosignature", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  const browser = detectBrowser((await headers()).get("user-agent") ?? "");
  return (
    <SignerFrame brand={page.brand} title={t("signatureVideo")}>
      <VideoRecorder link={{ urlSign: page.urlSign, processHexId: page.processHexId }} browserAdvice={!browser.supported} />
    </SignerFrame>
  );
}
