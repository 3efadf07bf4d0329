import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { AcceptTermsScreen } from "@/components/signing/accept-terms-screen";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { TermsOfUse } from "@/components/signing/terms-of-use";
import { termsVersion } from "@/lib/signing/complete-step";

export const generateMetadata = () => screenMetadata("signatureAcceptTerms");

/** /signature-process/accept-terms/{urlSign?}/{processHexId?} */
export default async function SignatureAcceptTermsPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("accept-terms", (await params).params, { stepPage: true });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  return (
    <SignerFrame brand={page.brand} title={t("signatureAcceptTerms")}>
      <AcceptTermsScreen
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        termsVersion={termsVersion}
        canReject={page.data.canReject}
      >
        <TermsOfUse />
      </AcceptTermsScreen>
    </SignerFrame>
  );
}
