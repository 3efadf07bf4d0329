import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { RejectionScreen } from "@/components/signing/rejection-screen";
import { SignerFrame } from "@/components/signing/signer-frame";
import { Alert } from "@/components/ui/card";
import { linkErrorPath } from "@/lib/signing/link-state";
import { processPagePath } from "@/lib/signing/steps";

export const generateMetadata = () => screenMetadata("signatureDocumentRejection");

/** /signature-process/document-rejection/{urlSign?}/{processHexId?}: the reason form, then the rejection's confirmation. */
export default async function SignatureDocumentRejectionPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("document-rejection", (await params).params, { showsStates: ["REJECTED"] });
  const [screens, t] = await Promise.all([getTranslations("screens"), getTranslations("signing.rejection")]);
  if (!page.live) {
    // Another signer's rejection ended this shipment: that is the link-state page's to say.
    if (page.status !== "REJECTED") redirect(linkErrorPath(page.status, page.state));
    return (
      <SignerFrame brand={page.brand} title={screens("signatureDocumentRejection")}>
        <Alert tone="info">
          <span data-testid="rejection-recorded">{t("recorded")}</span>
        </Alert>
      </SignerFrame>
    );
  }
  if (!page.data.canReject) redirect(processPagePath(page.data.nextPage, page.urlSign, page.processHexId));
  return (
    <SignerFrame brand={page.brand} title={screens("signatureDocumentRejection")}>
      <RejectionScreen link={{ urlSign: page.urlSign, processHexId: page.processHexId }} />
    </SignerFrame>
  );
}
