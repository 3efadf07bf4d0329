/**
 * The video step's recorder, the parts that are not the browser: which format to record in, the
 * countdown to the deadline, and which upload failures are worth trying again. Pure functions; the
 * page is components/signing/video-recorder.tsx, the server side lib/evidence/video-challenge.ts.
 */

/**
 * What to ask MediaRecorder for, best first: WebM with VP8 and Opus is what the server remuxes and
 * every reviewer's browser plays; Safari records only MP4.
 */
export const recorderTypes = [
  "video/webm;codecs=vp8,opus",
  "video/webm;codecs=vp9,opus",
  "video/webm;codecs=vp8",
  "video/webm",
  "video/mp4;codecs=avc1,mp4a",
  "video/mp4",
] as const;

/** The first type this browser can record, or undefined to let it choose. */
export function pickRecorderType(isTypeSupported: ((type: string) => boolean) | undefined): string | undefined {
  if (!isTypeSupported) return undefined;
  return recorderTypes.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** The container of what was recorded, from the recorder's type ("video/webm;codecs=…" → "video/webm"). */
export function containerType(recorderType: string | undefined): "video/webm" | "video/mp4" {
  return recorderType?.startsWith("video/mp4") ? "video/mp4" : "video/webm";
}

/**
 * Small enough to send quickly on a phone (about 5 MB a minute), clear enough to see a face and
 * hear the digits.
 */
export const recorderBitrates = { videoBitsPerSecond: 600_000, audioBitsPerSecond: 64_000 } as const;

/**
 * The deadline on this device's clock: the server says how many seconds the signer has, and the
 * countdown starts when the answer arrives, so a wrong clock on the phone does not shorten it.
 */
export function localDeadline(seconds: number, receivedAt: number): number {
  return receivedAt + Math.max(0, seconds) * 1000;
}

/** Whole seconds left, never negative; the last fraction of a second still shows as 1. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "1:05" for 65 seconds. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The countdown turns urgent for the last seconds. */
export const urgentSeconds = 10;

/** Waits before each new try of an upload that got no answer or a server error. */
export const uploadRetryDelaysMs = [1000, 3000, 8000] as const;

/** No answer (offline, timeout) or a server/proxy failure: the same upload may be sent again. */
export function isRetryableUpload(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The digits spaced in pairs so they are easy to read aloud: "12 34 56". */
export function spacedDigits(digits: string): string {
  return digits.replace(/(\d{2})(?=\d)/g, "$1 ");
}

/** The bytes a WebM starts with: the report of a recording whose time ran out needs no more than that. */
export const webmSignature = [0x1a, 0x45, 0xdf, 0xa3] as const;
