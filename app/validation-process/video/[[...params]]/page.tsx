import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { SignerFrame } from "@/components/signing/signer-frame";
import { VideoRecorder } from "@/components/signing/video-recorder";
import { CheckWait } from "@/components/validation-process/check-wait";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { detectBrowser } from "@/lib/evidence/rtc-check";

export const generateMetadata = () => screenMetadata("validationVideo");

/** /validation-process/video/{urlSign?}/{processHexId?}/{numberAttemps?}: the video reading the digits given. */
export default async function ValidationVideoPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("video", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  const browser = detectBrowser((await headers()).get("user-agent") ?? "");
  const lastCheck = page.data.lastCheck;
  return (
    <SignerFrame brand={page.brand} title={t("validationVideo")}>
      {lastCheck?.check === "PENDING" ? (
        <CheckWait link={page.link} page="video" check={lastCheck} />
      ) : (
        <VideoRecorder
          link={page.link}
          browserAdvice={!browser.supported}
          failedCheck={lastCheck?.check === "FAILED" ? lastCheck.reason : null}
          advice={lastCheck?.check === "FAILED" ? lastCheck.advice : null}
        />
      )}
    </SignerFrame>
  );
}
