import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignatureScreen } from "@/components/signing/signature-screen";
import { SignerFrame } from "@/components/signing/signer-frame";

export const generateMetadata = () => screenMetadata("signatureDigitalSignature");

/** /signature-process/digital-signature/{urlSign?}/{processHexId?} */
export default async function SignatureDigitalSignaturePage({ params }: CatchAllProps) {
  const page = await loadProcessPage("digital-signature", (await params).params, { stepPage: true });
  if (!page.live) return null;
  const t = await getTranslations("screens");
  return (
    <SignerFrame brand={page.brand} title={t("signatureDigitalSignature")}>
      <SignatureScreen
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        signerName={`${page.data.FirstNameSignee} ${page.data.lastNameSignee}`}
        documentName={page.data.documentName}
      />
    </SignerFrame>
  );
}
