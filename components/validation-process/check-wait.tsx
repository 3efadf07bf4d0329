import { getTranslations } from "next-intl/server";
import { FaceCheckProgress } from "@/components/signing/face-check-progress";
import { FollowProcess } from "@/components/signing/follow-process";
import type { LastCheck } from "@/lib/evidence/face-comparison";
import type { ProcessLink } from "@/lib/process-routes";

/**
 * A validation's capture whose check is running (a selfie compared with the ID photo, a video with the selfie): the
 * step's own page waits for it, as a signer's /wait does, and moves on once it is settled.
 */
export async function CheckWait({ link, page, check }: { link: ProcessLink; page: string; check: LastCheck }) {
  const t = await getTranslations("signing.follow");
  return (
    <FollowProcess link={link} message={t("checking")} poll={{ current: page, checks: true, everyMs: 1500 }}>
      <FaceCheckProgress check={check} />
    </FollowProcess>
  );
}
