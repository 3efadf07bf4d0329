import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { VideoRecorder } from "@/components/signing/video-recorder";
import { redirect } from "next/navigation";
import { detectBrowser } from "@/lib/evidence/rtc-check";
import { waitPagePath } from "@/lib/signing/steps";

export const generateMetadata = () => screenMetadata("signatureVideo");

/** /signature-process/videosignature/{urlSign?}/{processHexId?}/{numberAttemps?} */
export default async function SignatureVideoPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("videosignature", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  // A video being checked (liveness, lib/evidence/liveness-check.ts): the signer waits for the result.
  if (page.data.lastCheck?.check === "PENDING") redirect(waitPagePath(page.urlSign, page.processHexId));
  const t = await getTranslations("screens");
  const browser = detectBrowser((await headers()).get("user-agent") ?? "");
  return (
    <SignerFrame brand={page.brand} title={t("signatureVideo")}>
      <VideoRecorder
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        browserAdvice={!browser.supported}
        failedCheck={page.data.lastCheck?.check === "FAILED" ? page.data.lastCheck.reason : null}
        advice={page.data.lastCheck?.check === "FAILED" ? page.data.lastCheck.advice : null}
      />
    </SignerFrame>
  );
}
