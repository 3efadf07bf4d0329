import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { SeeDocumentScreen } from "@/components/signing/see-document-screen";
import { SignerFrame } from "@/components/signing/signer-frame";

export const generateMetadata = () => screenMetadata("signatureSeeDocument");

/** /signature-process/see-document/{urlSign?}/{processHexId?} */
export default async function SignatureSeeDocumentPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("see-document", (await params).params, { stepPage: true });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  return (
    <SignerFrame brand={page.brand} title={`${t("signatureSeeDocument")}: ${page.data.documentName}`}>
      <SeeDocumentScreen link={{ urlSign: page.urlSign, processHexId: page.processHexId }} data={page.data} />
    </SignerFrame>
  );
}
