"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { RefObject } from "react";
import type { IdPhotoFacts, JudgedFrame } from "@/lib/evidence/liveness-facts";

/** What the liveness judge measured (lib/evidence/liveness-check.ts LivenessMeasurements), as the review API gives it. */
export type LivenessMovement = {
  prompts?: { action: "turn_left" | "turn_right"; turn: number | null; residual: number | null; answered: boolean; lateMs?: number }[];
  mouthVariation?: number | null;
  mouthSync?: number | null;
  voiceHeard?: boolean;
  thresholds?: { minTurn: number; minParallax: number; minMouth: number };
} | null;

/** The liveness check's reasons in words: the review's own, else the judge's (liveness.reasons). */
export function useLivenessReason() {
  const review = useTranslations("docdetail.review");
  const liveness = useTranslations("liveness");
  return (reason: string) =>
    review.has(`reasons.${reason}`)
      ? review(`reasons.${reason}`)
      : liveness.has(`reasons.${reason}`)
        ? liveness(`reasons.${reason}`)
        : reason;
}

/**
 * For staff deciding a video in review: each prompted turn (how far the head turned the asked way and
 * how far its landmarks left one plane, against the thresholds) and whether the mouth moved with the voice.
 */
export function LivenessMeasurements({ movement }: { movement: LivenessMovement }) {
  const t = useTranslations("liveness.measurements");
  const actions = useTranslations("liveness");
  const format = useFormatter();
  if (!movement?.prompts || !movement.thresholds) return null;
  const { thresholds } = movement;
  const n = (value: number | null | undefined) =>
    value === null || value === undefined ? "—" : format.number(value, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  return (
    <ul className="space-y-1 text-sm text-slate-700" data-testid="liveness-measurements">
      {movement.prompts.map((prompt, i) => (
        <li key={i}>
          {t("turn", {
            action: actions(prompt.action),
            turn: n(prompt.turn),
            residual: n(prompt.residual),
            minTurn: n(thresholds.minTurn),
            minParallax: n(thresholds.minParallax),
          })}{" "}
          {prompt.answered ? t("answered") : t("notAnswered")}
          {prompt.lateMs ? <> {t("shownLate", { seconds: format.number(prompt.lateMs / 1000, { maximumFractionDigits: 1 }) })}</> : null}
        </li>
      ))}
      <li>
        {t("mouth", { mouth: n(movement.mouthVariation), minMouth: n(thresholds.minMouth) })}{" "}
        {movement.voiceHeard ? t("voice") : t("noVoice")}
      </li>
      {movement.mouthSync !== undefined && movement.mouthSync !== null && <li>{t("mouthSync", { sync: n(movement.mouthSync) })}</li>}
    </ul>
  );
}

/** Shows the recording at `seconds`, once its duration is known (a video whose metadata has not loaded yet ignores a seek). */
function seekTo(video: HTMLVideoElement | null, seconds: number) {
  if (!video) return;
  video.pause();
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) {
    video.currentTime = seconds;
    return;
  }
  video.addEventListener("loadedmetadata", () => (video.currentTime = seconds), { once: true });
  video.load();
}

/**
 * For staff deciding a video: every frame the liveness judge looked at (its moment, the faces found, the detector's
 * score, the distance to the photo compared with, the head's turn, the mouth's opening), each moment a button that
 * shows the recording there; and, in a flow with an ID photo behind the selfie, the live face against the ID photo.
 */
export function LivenessFrames({
  frames,
  idPhoto,
  video,
  testIdPrefix = "review",
}: {
  frames: readonly JudgedFrame[];
  idPhoto: IdPhotoFacts | null;
  /** The recording these frames come from: a moment's button shows it there. */
  video: RefObject<HTMLVideoElement | null>;
  testIdPrefix?: string;
}) {
  const t = useTranslations("liveness.frames");
  const format = useFormatter();
  if (frames.length === 0 && !idPhoto) return null;
  const n = (value: number | null, digits = 3) => (value === null ? "—" : format.number(value, { maximumFractionDigits: digits }));
  return (
    <div className="space-y-2 text-sm" data-testid={`${testIdPrefix}-frames`}>
      {idPhoto ? (
        <p className={idPhoto.matched ? "text-slate-700" : "font-medium text-red-700"} data-testid={`${testIdPrefix}-id-photo`}>
          {t(idPhoto.matched ? "idPhotoMatched" : "idPhotoNotMatched", { distance: n(idPhoto.distance), threshold: n(idPhoto.threshold) })}
        </p>
      ) : null}
      {frames.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-slate-700">
            {t("title")} ({frames.length})
          </summary>
          <table className="mt-2 w-full max-w-xl text-left text-xs">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-2 font-normal">{t("at")}</th>
                <th className="py-1 pr-2 font-normal">{t("faces")}</th>
                <th className="py-1 pr-2 font-normal">{t("score")}</th>
                <th className="py-1 pr-2 font-normal">{t("distance")}</th>
                <th className="py-1 pr-2 font-normal">{t("yaw")}</th>
                <th className="py-1 font-normal">{t("mouth")}</th>
              </tr>
            </thead>
            <tbody>
              {frames.map((frame) => {
                const seconds = frame.atMs / 1000;
                return (
                  <tr key={frame.atMs} className="border-t border-slate-200">
                    <td className="py-1 pr-2">
                      <button
                        type="button"
                        className="text-violet-700 underline"
                        aria-label={t("seek", { seconds: n(seconds, 1) })}
                        onClick={() => seekTo(video.current, seconds)}
                      >
                        {n(seconds, 1)} s
                      </button>
                    </td>
                    <td className="py-1 pr-2">{frame.faces}</td>
                    <td className="py-1 pr-2">{n(frame.score, 2)}</td>
                    <td className="py-1 pr-2">{n(frame.distance)}</td>
                    <td className="py-1 pr-2">{n(frame.yaw)}</td>
                    <td className="py-1">{n(frame.mouth)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </details>
      ) : null}
    </div>
  );
}
