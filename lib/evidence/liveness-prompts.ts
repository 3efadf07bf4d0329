// The liveness prompts' shape and timing, shared by the server (lib/evidence/video-challenge.ts draws them) and the
// recorder in the browser (components/signing/video-recorder.tsx shows them): nothing here may import server code.

/**
 * One movement the person is asked for while recording (issue 14 item 1, the active challenge): shown
 * `atMs` after the recording starts (the video's own time, which begins when the recorder starts), for
 * `durationMs`. Left and right are the PERSON's: in the video as the camera records it (not mirrored)
 * a turn to the person's left moves their nose towards the image's right (lib/face/landmark-geometry.ts).
 */
export type LivenessPrompt = { action: "turn_left" | "turn_right"; atMs: number; durationMs: number };

export const livenessActions = ["turn_left", "turn_right"] as const;
/** How the prompts are timed: the first 2.5-4 s in (after the face is seen still), the second 3.5-5 s after it, each shown 2 s. */
export const promptTiming = { firstFromMs: 2500, firstToMs: 4000, gapFromMs: 3500, gapToMs: 5000, durationMs: 2000 } as const;
/** The recording goes on at least this long after the last prompt ends, so that the turn back is seen. */
export const afterLastPromptMs = 1000;

/**
 * How much later than asked the page may say it showed a prompt. A busy phone paints the prompt late (its page runs
 * behind while it records: 1.2-1.5 s measured on a browser slowed eight times), and the person turns when they see
 * it, not when it was due; the judge looks for the answer from when it was shown. Beyond this the page's word is not
 * followed: the prompts' random moments are what a recording made beforehand cannot know.
 */
export const maxPromptDelayMs = 1500;

/** A prompt as the recording answered it: `shownAtMs`, when the page showed it (from the recorder's start), when it said. */
export type ShownPrompt = LivenessPrompt & { shownAtMs?: number };

/**
 * The prompts with when the page showed each (`shownAtMs`, as its upload said), each kept between its due moment
 * and maxPromptDelayMs after it; a time missing or not a number leaves the prompt as it was asked.
 */
export function promptsAsShown(prompts: readonly LivenessPrompt[], shownAtMs: readonly unknown[] | undefined): ShownPrompt[] {
  return prompts.map((prompt, i) => {
    const shown = shownAtMs?.[i];
    if (typeof shown !== "number" || !Number.isFinite(shown)) return { ...prompt };
    return { ...prompt, shownAtMs: Math.round(Math.min(prompt.atMs + maxPromptDelayMs, Math.max(prompt.atMs, shown))) };
  });
}

/** The shortest recording that answers the prompts: until the last one ends, plus afterLastPromptMs. */
export const minRecordingMs = (prompts: readonly LivenessPrompt[]) =>
  Math.max(0, ...prompts.map((p) => p.atMs + p.durationMs)) + afterLastPromptMs;

/**
 * The liveness judge's reasons for a recording asked to repeat that tell the person what to do differently (the
 * recorder shows liveness.advice.<reason>; lastCheck.advice carries it).
 */
export const livenessAdvice = ["START_TURNED", "WRONG_DIRECTION", "PROMPT_NOT_ANSWERED", "NO_VOICE", "NO_MOVEMENT"] as const;
export type LivenessAdvice = (typeof livenessAdvice)[number];
