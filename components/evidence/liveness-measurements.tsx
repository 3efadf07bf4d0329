"use client";

import { useTranslations } from "next-intl";

/** What the liveness judge measured (lib/evidence/liveness-check.ts LivenessMeasurements), as the review API gives it. */
export type LivenessMovement = {
  prompts?: { action: "turn_left" | "turn_right"; turn: number | null; residual: number | null; answered: boolean }[];
  mouthVariation?: number | null;
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
  if (!movement?.prompts || !movement.thresholds) return null;
  const { thresholds } = movement;
  const n = (value: number | null | undefined) => (value === null || value === undefined ? "—" : value.toFixed(3));
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
        </li>
      ))}
      <li>
        {t("mouth", { mouth: n(movement.mouthVariation), minMouth: n(thresholds.minMouth) })}{" "}
        {movement.voiceHeard ? t("voice") : t("noVoice")}
      </li>
    </ul>
  );
}
