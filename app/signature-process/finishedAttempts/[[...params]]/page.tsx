import { getTranslations } from "next-intl/server";
import { type CatchAllProps, processParams, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { RestartScreen } from "@/components/signing/restart-screen";
import { SignerFrame } from "@/components/signing/signer-frame";

export const generateMetadata = () => screenMetadata("signatureFinishedAttempts");

/** /signature-process/finishedAttempts/{urlSign?}/{processHexId?}/{val?} */
export default async function SignatureFinishedAttemptsPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("finishedAttempts", (await params).params, { stepPage: true, names: [...processParams, "val"] });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  return (
    <SignerFrame brand={page.brand} title={t("signatureFinishedAttempts")}>
      <RestartScreen link={{ urlSign: page.urlSign, processHexId: page.processHexId }} />
    </SignerFrame>
  );
}
