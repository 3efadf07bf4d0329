import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { FollowProcess } from "@/components/signing/follow-process";
import { SignerFrame } from "@/components/signing/signer-frame";
import { CheckWait } from "@/components/validation-process/check-wait";
import { loadValidationPage } from "@/components/validation-process/validation-page";

export const generateMetadata = () => screenMetadata("validationReloadPage");

/**
 * /validation-process/reloadpage/{urlSign?}/{processHexId?}/{numberAttemps?}: while a capture's check decides the step,
 * its progress until it is settled; after an unknown camera error, back to the step in a moment.
 */
export default async function ValidationReloadPagePage({ params }: CatchAllProps) {
  const page = await loadValidationPage("reloadpage", (await params).params, { names: attemptParams });
  if (!page.live) return null;
  const [t, capture] = await Promise.all([getTranslations("screens"), getTranslations("capture")]);
  return (
    <SignerFrame brand={page.brand} title={t("validationReloadPage")}>
      {page.data.lastCheck?.check === "PENDING" ? (
        <CheckWait link={page.link} page={page.data.nextPage} check={page.data.lastCheck} />
      ) : (
        <FollowProcess link={page.link} message={capture("unknownCameraError")} afterMs={3000} />
      )}
    </SignerFrame>
  );
}
