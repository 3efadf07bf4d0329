"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { checkProgressMessages } from "@/lib/evidence/check-progress";
import type { LastCheck } from "@/lib/evidence/face-comparison";

/** How long a check usually takes (a queued job, then ~0.5 s per photo): the bar nears its end around here and then waits. */
const typicalSeconds = 4;

/**
 * /wait while a capture is being checked: what is done (the selfie or the video arrived), what is
 * running (the comparison with the document's photo or an earlier selfie) and a bar that moves with
 * the time waited, so the signer sees progress and knows the page has not stalled. FollowProcess
 * leaves the page once the check is settled.
 */
export function FaceCheckProgress({ check }: { check: Pick<LastCheck, "kind" | "comparedWith"> }) {
  const t = useTranslations("signing.faceCheck");
  const say = useTranslations();
  const { received, comparing } = checkProgressMessages(check);
  const comparingText = say(comparing.key, comparing.values);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => window.clearInterval(timer);
  }, []);
  // Quick at first, then slower, never full: it reaches 100 only by leaving the page.
  const percent = Math.min(95, Math.round(100 * (1 - Math.exp(-seconds / typicalSeconds))));
  return (
    <div className="space-y-2" data-testid="face-check-progress">
      <ol className="space-y-1 text-sm">
        <li className="text-emerald-700" data-testid="face-check-received">
          <span aria-hidden="true">✓ </span>
          {say(received.key, received.values)}
        </li>
        <li className="font-medium text-slate-900" aria-current="step" data-testid="face-check-comparing">
          {comparingText}
        </li>
      </ol>
      <progress className="block h-2 w-full accent-[var(--sign-primary)]" max={100} value={percent} aria-label={comparingText} />
      <p className="text-xs text-slate-500" aria-live="off">
        {t("elapsed", { seconds })}
      </p>
    </div>
  );
}
