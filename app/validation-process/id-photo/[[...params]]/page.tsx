import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { PhotoStepScreen } from "@/components/signing/photo-step-screen";
import { SignerFrame } from "@/components/signing/signer-frame";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { idCardCanvas, imageQuality } from "@/lib/evidence/capture-size";
import { kindsForStep } from "@/lib/evidence/evidence-steps";

export const generateMetadata = () => screenMetadata("validationIdPhoto");

/** /validation-process/id-photo/{urlSign?}/{processHexId?}/{numberAttemps?}: the ID's front, then its rear when its type has one. */
export default async function ValidationIdPhotoPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("id-photo", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  const config = page.data.captureConfig;
  return (
    <SignerFrame brand={page.brand} title={t("validationIdPhoto")}>
      <PhotoStepScreen
        link={page.link}
        step="ID_PHOTO"
        kinds={kindsForStep("ID_PHOTO", page.data.hasRear)}
        captured={page.data.captured}
        size={idCardCanvas(config)}
        quality={imageQuality(config.idcard_image_quality)}
        userAgent={(await headers()).get("user-agent") ?? ""}
        documentName={page.data.nameOrganization}
      />
    </SignerFrame>
  );
}
