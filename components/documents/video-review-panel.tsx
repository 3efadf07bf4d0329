"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { Button } from "@/components/ui/button";

type Review = {
  status: string;
  evidence: {
    hexId: string;
    createdAt: string;
    digits: string | null;
    reasons: string[];
    matchedFrames: number | null;
    frames: number | null;
    videoUrl: string;
  } | null;
};

type Props = {
  documentHexId: string;
  signer: { hexId: string; firstName: string; lastName: string };
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
  const api = useApi();
  const [review, setReview] = useState<Review | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const path = `/api/documents/${documentHexId}/signers/${signer.hexId}/review`;

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
    <section className="space-y-3 rounded-lg border border-violet-200 bg-violet-50 p-4" data-testid={`review-${signer.hexId}`}>
      <h3 className="font-medium text-slate-900">{t("title", { name: `${signer.firstName} ${signer.lastName}` })}</h3>
      {!review ? (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      ) : !evidence ? (
        <p className="text-sm text-slate-500">{t("nothing")}</p>
      ) : (
        <>
          <video
            className="w-full max-w-md rounded border border-slate-300 bg-black"
            src={evidence.videoUrl}
            controls
            preload="metadata"
            data-testid="review-video"
          />
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">{t("digits")}</dt>
              <dd className="font-mono text-lg tracking-widest text-slate-900" data-testid="review-digits">
                {evidence.digits ?? "—"}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("why")}</dt>
              <dd className="text-slate-800">
                {evidence.reasons.map((r) => (t.has(`reasons.${r}`) ? t(`reasons.${r}`) : r)).join(" · ") || "—"}
                {evidence.matchedFrames !== null && evidence.frames !== null
                  ? ` (${t("matched", { matched: evidence.matchedFrames, frames: evidence.frames })})`
                  : null}
              </dd>
            </div>
          </dl>
          {canDecide ? (
            <div className="space-y-2">
              <label className="block text-sm text-slate-700" htmlFor={`reason-${signer.hexId}`}>
                {t("reason")}
              </label>
              <textarea
                id={`reason-${signer.hexId}`}
                className="w-full rounded border border-slate-300 p-2 text-sm"
                rows={2}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                data-testid="review-reason"
              />
              <div className="flex gap-2">
                <Button type="button" disabled={busy} onClick={() => void decide("ACCEPT")} data-testid="review-accept">
                  {t("accept")}
                </Button>
                <Button
                  type="button"
                  variant="danger"
                  disabled={busy || reason.trim().length === 0}
                  onClick={() => void decide("REJECT")}
                  data-testid="review-reject"
                >
                  {t("reject")}
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
