import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { PhotoStepScreen } from "@/components/signing/photo-step-screen";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { capturedForCurrentStep } from "@/lib/signing/signer-identity";
import { imageQuality, isMobileUserAgent, selfieCanvas } from "@/lib/evidence/capture-size";
import { waitPagePath } from "@/lib/signing/steps";

export const generateMetadata = () => screenMetadata("signatureSelfiePhoto");

/** /signature-process/selfie-photo/{urlSign?}/{processHexId?}/{numberAttemps?}: the signature-acceptance box, then the selfie. */
export default async function SignatureSelfiePhotoPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("selfie-photo", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  // A selfie whose face check is still running: the signer waits for its result on /wait.
  const lastCheck = page.data.lastCheck;
  if (lastCheck?.check === "PENDING") redirect(waitPagePath(page.urlSign, page.processHexId));
  const t = await getTranslations("screens");
  const config = page.data.captureConfig;
  const userAgent = (await headers()).get("user-agent") ?? "";
  return (
    <SignerFrame brand={page.brand} title={t("signatureSelfiePhoto")}>
      <PhotoStepScreen
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        step="SELFIE"
        kinds={["SELFIE"]}
        captured={await capturedForCurrentStep(page.processHexId)}
        size={selfieCanvas(config, isMobileUserAgent(userAgent))}
        quality={imageQuality(config.idcard_image_quality)}
        userAgent={userAgent}
        documentName={page.data.documentName}
        failedCheck={lastCheck?.check === "FAILED" ? (lastCheck.reason ?? "FACE_CHECK_ERROR") : null}
      />
    </SignerFrame>
  );
}
