import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { PhotoStepScreen } from "@/components/signing/photo-step-screen";
import { SignerFrame } from "@/components/signing/signer-frame";
import { CheckWait } from "@/components/validation-process/check-wait";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { imageQuality, isMobileUserAgent, selfieCanvas } from "@/lib/evidence/capture-size";

export const generateMetadata = () => screenMetadata("validationSelfiePhoto");

/** /validation-process/selfie-photo/{urlSign?}/{processHexId?}/{numberAttemps?}: the consent box, then the selfie. */
export default async function ValidationSelfiePhotoPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("selfie-photo", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  const [screens, t] = await Promise.all([getTranslations("screens"), getTranslations("validationProcess.selfie")]);
  const { lastCheck, captureConfig: config, nameOrganization } = page.data;
  const userAgent = (await headers()).get("user-agent") ?? "";
  return (
    <SignerFrame brand={page.brand} title={screens("validationSelfiePhoto")}>
      {lastCheck?.check === "PENDING" ? (
        <CheckWait link={page.link} page="selfie-photo" check={lastCheck} />
      ) : (
        <PhotoStepScreen
          link={page.link}
          step="SELFIE"
          kinds={["SELFIE"]}
          captured={page.data.captured}
          size={selfieCanvas(config, isMobileUserAgent(userAgent))}
          quality={imageQuality(config.idcard_image_quality)}
          userAgent={userAgent}
          documentName={nameOrganization}
          acceptance={{
            intro: t("intro"),
            label: t("acceptance", { organization: nameOrganization }),
            needed: t("acceptanceNeeded"),
          }}
          failedCheck={lastCheck?.check === "FAILED" ? (lastCheck.reason ?? "FACE_CHECK_ERROR") : null}
        />
      )}
    </SignerFrame>
  );
}
