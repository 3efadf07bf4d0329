import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { FollowProcess } from "@/components/signing/follow-process";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";

export const generateMetadata = () => screenMetadata("wait");

/** /wait/{urlSign?}/{processHexId?}: the signer's evidence is being checked; the page moves on by itself when it is. */
export default async function WaitPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("wait", (await params).params);
  if (!page.live) return null;
  const t = await getTranslations("signing.follow");
  return (
    <SignerFrame brand={page.brand}>
      <FollowProcess link={{ urlSign: page.urlSign, processHexId: page.processHexId }} message={t("checking")} poll={{ current: page.data.nextPage }} />
    </SignerFrame>
  );
}
