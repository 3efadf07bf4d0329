import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { FaceCheckProgress } from "@/components/signing/face-check-progress";
import { FollowProcess } from "@/components/signing/follow-process";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";

export const generateMetadata = () => screenMetadata("wait");

/**
 * /wait/{urlSign?}/{processHexId?}: the signer's evidence is being checked (a selfie or a video
 * compared with the ID photo or an earlier selfie, said per kind); the page moves on by itself once
 * the check is settled: to the next step when it passed, back to the capture (which says why) when
 * it did not.
 */
export default async function WaitPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("wait", (await params).params);
  if (!page.live) return null;
  const t = await getTranslations("signing.follow");
  const lastCheck = page.data.lastCheck;
  return (
    <SignerFrame brand={page.brand}>
      <FollowProcess
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        message={t("checking")}
        poll={{ current: page.data.nextPage, checks: true, everyMs: 1500 }}
      >
        {lastCheck?.check === "PENDING" ? <FaceCheckProgress check={lastCheck} /> : null}
      </FollowProcess>
    </SignerFrame>
  );
}
