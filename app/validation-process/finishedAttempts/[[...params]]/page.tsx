import { getTranslations } from "next-intl/server";
import { type CatchAllProps, processParams, screenMetadata } from "@/components/layout/route-params";
import { RestartScreen } from "@/components/signing/restart-screen";
import { SignerFrame } from "@/components/signing/signer-frame";
import { loadValidationPage } from "@/components/validation-process/validation-page";

export const generateMetadata = () => screenMetadata("validationFinishedAttempts");

/** /validation-process/finishedAttempts/{urlSign?}/{processHexId?}/{val?}: out of attempts; start again, here or on another device. */
export default async function ValidationFinishedAttemptsPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("finishedAttempts", (await params).params, { stepPage: true, names: [...processParams, "val"] });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  return (
    <SignerFrame brand={page.brand} title={t("validationFinishedAttempts")}>
      <RestartScreen link={page.link} />
    </SignerFrame>
  );
}
