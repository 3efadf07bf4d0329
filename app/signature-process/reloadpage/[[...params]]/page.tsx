import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { FollowProcess } from "@/components/signing/follow-process";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";

export const generateMetadata = () => screenMetadata("signatureReloadPage");

/** /signature-process/reloadpage/{urlSign?}/{processHexId?}/{numberAttemps?}: after an unknown camera error, back to the step in a moment. */
export default async function SignatureReloadPagePage({ params }: CatchAllProps) {
  const page = await loadProcessPage("reloadpage", (await params).params, { names: attemptParams });
  if (!page.live) return null;
  const [t, capture] = await Promise.all([getTranslations("screens"), getTranslations("capture")]);
  return (
    <SignerFrame brand={page.brand} title={t("signatureReloadPage")}>
      <FollowProcess
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        message={capture("unknownCameraError")}
        afterMs={3000}
      />
    </SignerFrame>
  );
}
