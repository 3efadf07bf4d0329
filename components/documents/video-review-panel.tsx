"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { ReviewDecision } from "@/components/evidence/review-decision";
import { JudgedVideo } from "@/components/evidence/judged-video";
import { type LivenessMovement, useLivenessReason } from "@/components/evidence/liveness-measurements";
import type { IdPhotoFacts, JudgedFrame } from "@/lib/evidence/liveness-facts";

type Review = {
  status: string;
  evidence: {
    evidenceHexId: string;
    createdAt: string;
    digits: string | null;
    reasons: string[];
    matchedFrames: number | null;
    frames: number | null;
    movement: LivenessMovement;
    judgedFrames: JudgedFrame[];
    idPhoto: IdPhotoFacts | null;
    videoUrl: string;
  } | null;
};

type Props = {
  documentHexId: string;
  signer: { signerHexId: string; firstName: string; lastName: string };
  canDecide: boolean;
  onDecided: () => void;
};

/**
 * A signer IN_REVIEW on /docdetail: the video the liveness check could not decide (a staff-only
 * stream), the digits the signer had to read, why it went to review, and Accept / Reject (with a
 * reason) for staff with FIRMA:UPDATE (lib/signing/review-evidence.ts).
 */
export function VideoReviewPanel({ documentHexId, signer, canDecide, onDecided }: Props) {
  const t = useTranslations("docdetail.review");
  const reasonText = useLivenessReason();
  const api = useApi();
  const [review, setReview] = useState<Review | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const path = `/api/documents/${documentHexId}/signers/${signer.signerHexId}/review`;

  useEffect(() => {
    let stopped = false;
    void api<Review>(path).then((result) => {
      if (stopped) return;
      if (result.ok) setReview(result.data);
      else notifyApiError(result.error);
    });
    return () => {
      stopped = true;
    };
  }, [api, path]);

  const decide = async (decision: "ACCEPT" | "REJECT") => {
    setBusy(true);
    const result = await api(path, { method: "POST", body: decision === "ACCEPT" ? { decision } : { decision, reason } });
    setBusy(false);
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(decision === "ACCEPT" ? t("accepted") : t("rejected"));
    onDecided();
  };

  const evidence = review?.evidence;
  return (
    <section className="space-y-3 rounded-lg border border-violet-200 bg-violet-50 p-4" data-testid={`review-${signer.signerHexId}`}>
      <h3 className="font-medium text-slate-900">{t("title", { name: `${signer.firstName} ${signer.lastName}` })}</h3>
      {!review ? (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      ) : !evidence ? (
        <p className="text-sm text-slate-500">{t("nothing")}</p>
      ) : (
        <>
          <JudgedVideo
            movement={evidence.movement}
            judgedFrames={evidence.judgedFrames}
            idPhoto={evidence.idPhoto}
            src={evidence.videoUrl}
            digits={evidence.digits}
            labels={{ digits: t("digits"), why: t("why") }}
            why={
              <>
                {evidence.reasons.map(reasonText).join(" · ") || "—"}
                {evidence.matchedFrames !== null && evidence.frames !== null
                  ? ` (${t("matched", { matched: evidence.matchedFrames, frames: evidence.frames })})`
                  : null}
              </>
            }
          />
          {canDecide ? (
            <ReviewDecision
              id={signer.signerHexId}
              reason={reason}
              onReasonChange={setReason}
              busy={busy}
              onAccept={() => void decide("ACCEPT")}
              onReject={() => void decide("REJECT")}
              labels={{ reason: t("reason"), accept: t("accept"), reject: t("reject") }}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
