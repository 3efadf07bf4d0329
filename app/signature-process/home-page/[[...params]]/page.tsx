import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { HomeScreen } from "@/components/signing/home-screen";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";

export const generateMetadata = () => screenMetadata("signatureHomePage");

/** /signature-process/home-page/{urlSign?}/{processHexId?} */
export default async function SignatureHomePagePage({ params }: CatchAllProps) {
  const page = await loadProcessPage("home-page", (await params).params);
  if (!page.live) return null;
  return (
    <SignerFrame brand={page.brand}>
      <HomeScreen link={{ urlSign: page.urlSign, processHexId: page.processHexId }} data={page.data} />
    </SignerFrame>
  );
}
