import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { PhotoStepScreen } from "@/components/signing/photo-step-screen";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { capturedForCurrentStep } from "@/lib/signing/signer-identity";
import { idCardCanvas, imageQuality } from "@/lib/evidence/capture-size";
import { kindsForStep } from "@/lib/evidence/evidence-steps";

export const generateMetadata = () => screenMetadata("signatureIdPhoto");

/** /signature-process/id-photo/{urlSign?}/{processHexId?}/{numberAttemps?}: the ID's front, then its rear when its type has one. */
export default async function SignatureIdPhotoPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("id-photo", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  const config = page.data.captureConfig;
  return (
    <SignerFrame brand={page.brand} title={t("signatureIdPhoto")}>
      <PhotoStepScreen
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        step="ID_PHOTO"
        kinds={kindsForStep("ID_PHOTO", page.data.hasRear)}
        captured={await capturedForCurrentStep(page.processHexId)}
        size={idCardCanvas(config)}
        quality={imageQuality(config.idcard_image_quality)}
        userAgent={(await headers()).get("user-agent") ?? ""}
        documentName={page.data.documentName}
      />
    </SignerFrame>
  );
}
