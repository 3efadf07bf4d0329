"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiError } from "@/components/client/api-client";
import { notifyApiError } from "@/components/client/notify";
import { Alert } from "@/components/ui/card";
import { type MediaAccess, useMediaAccess } from "@/components/capture/use-media-access";
import { failureProblem, mediaErrorKind, type ProblemKey } from "@/lib/evidence/rtc-check";
import { apiPath, nextPath, pagePath } from "@/lib/process-routes";
import { type LivenessAdvice, type LivenessPrompt, minRecordingMs } from "@/lib/evidence/liveness-prompts";
import {
  containerType,
  formatCountdown,
  localDeadline,
  pickRecorderType,
  recorderBitrates,
  secondsLeft,
  spacedDigits,
  urgentSeconds,
  webmSignature,
} from "@/lib/evidence/video-recording";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";
import {
  forgetRecording,
  keepRecording,
  keptRecording,
  type KeptRecording,
  uploadRecording,
  type UploadOutcome,
} from "@/components/capture/video-upload";

type Challenge = {
  challengeId: string;
  digits: string;
  /** The head turns to show while recording (none for a challenge restored from before: its recording is made). */
  prompts: LivenessPrompt[];
  deadline: number;
  seconds: number;
  attempts: number | null;
  maxAttempts: number | null;
};
type Recording = {
  uploadId: string;
  bytes: ArrayBuffer;
  type: string;
  capturedAt: string;
  url: string;
  /** When each prompt was shown, in ms from the recorder's start (sent with the recording). */
  promptsShownAtMs?: number[];
};

/** Where the camera and microphone stand while nothing else is under way: asking, refused or unusable, ready. */
type CameraPhase =
  | { name: "starting" }
  | { name: "failed"; problems: ProblemKey[]; errorName: string | null; denied: boolean; autoRetry: boolean }
  | { name: "ready" };

type Phase =
  | CameraPhase
  | { name: "issuing" }
  | { name: "recording" }
  | { name: "review" }
  | { name: "sending"; progress: number; retrying: boolean }
  | { name: "sendFailed" }
  | { name: "expired"; message: string; attemptsLeft: number | null; reporting: boolean }
  | { name: "done" };

type ChallengeAnswer = {
  challengeId: string;
  digits: string;
  prompts?: LivenessPrompt[];
  expiresAt: string;
  seconds: number;
  attempts: number;
  maxAttempts: number;
};

/** Why the step's last video failed its check (lastCheck.reason): what the person is told to change. */
const failedCheckMessages: Record<string, string> = {
  LIVENESS_ATTACK: "errors.LIVENESS_ATTACK",
  LIVENESS_REPEAT: "errors.LIVENESS_REPEAT",
  FACE_NOT_IDENTIFIED: "capture.faceNotIdentified",
  MORE_THAN_ONE_FACE: "capture.moreThanOneFace",
  FACE_MISMATCH: "capture.faceMismatch",
  TARGET_FACE_NOT_IDENTIFIED: "capture.targetFaceNotIdentified",
};

/**
 * The prompt shown now, `elapsedMs` after the recorder started: a big arrow towards the side the
 * person turns to (their left is the screen's left as they face it; the preview is a mirror) and the
 * words. Browser tests read data-testid="liveness-prompt" and data-action.
 */
function PromptBanner({ prompt }: { prompt: LivenessPrompt }) {
  const t = useTranslations("liveness");
  const left = prompt.action === "turn_left";
  return (
    <div
      role="alert"
      data-testid="liveness-prompt"
      data-action={prompt.action}
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/35 text-white"
    >
      <span aria-hidden="true" className="text-8xl leading-none font-black drop-shadow-lg sm:text-9xl">
        {left ? "←" : "→"}
      </span>
      <span className="rounded bg-black/60 px-3 py-1 text-xl font-semibold sm:text-2xl">{t(prompt.action)}</span>
    </div>
  );
}

/** Errors after which this page is not the place to be: the link ended or is used up, another step is due, attempts ran out, the location is missing. */
const leavingCodes = new Set([
  "LINK_ENDED",
  "STEP_OUT_OF_ORDER",
  "ATTEMPTS_EXHAUSTED",
  "INVALID_LINK",
  "MAX_USES_REACHED",
  "LOCATION_REQUIRED",
]);

const missingProblem = {
  getUserMedia: "detectRtc.problems.apiMissing",
  mediaRecorder: "detectRtc.problems.webrtcMissing",
  // The digits must be heard: a camera without a microphone cannot record this step.
  camera: "capture.noCamera",
  microphone: "detectRtc.problems.noMicrophone",
} as const satisfies Record<string, ProblemKey>;

function cameraPhase(access: MediaAccess): CameraPhase {
  switch (access.state) {
    case "granted":
      return { name: "ready" };
    case "failed":
      return {
        name: "failed",
        problems: [failureProblem(access.errorName, access.devices, access.repeated)],
        errorName: access.errorName,
        denied: access.kind === "denied",
        autoRetry: access.retrying,
      };
    case "unavailable":
      return { name: "failed", problems: [missingProblem[access.missing]], errorName: null, denied: false, autoRetry: false };
    default:
      return { name: "starting" };
  }
}

function newUploadId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A kept recording this long past its deadline is dropped rather than offered again. */
const staleRecordingMs = 10 * 60_000;

const cameraConstraints: MediaStreamConstraints = {
  video: { facingMode: "user", width: { ideal: 640 }, height: { ideal: 480 } },
  audio: { echoCancellation: true, noiseSuppression: true },
};

/**
 * videosignature: the signer allows camera and microphone, sees themself, asks for their digits,
 * reads them aloud while the page records, replays the recording and sends it before the
 * deadline. The countdown is the server's: when it runs out the recording stops, the page tells
 * the server (which counts the attempt) and offers new digits. The recording is kept in IndexedDB
 * until the server confirms it, and a retry sends it with the same uploadId. `browserAdvice`: the
 * request's browser is one spec §8 advises against (Edge, Safari, Internet Explorer).
 */
export function VideoRecorder({
  link,
  browserAdvice,
  failedCheck,
  advice,
}: {
  link: SignerLink;
  browserAdvice: boolean;
  /** Why the step's last video failed its liveness check (lastCheck.reason), so the person knows what to change. */
  failedCheck?: string | null;
  /** For a video asked to be recorded again, what to do differently (lastCheck.advice). */
  advice?: LivenessAdvice | null;
}) {
  const t = useTranslations("signing.video");
  const tl = useTranslations("liveness");
  const messages = useTranslations();
  const errors = useTranslations("errors");
  const locale = useLocale();
  const router = useRouter();
  const { call, fail } = useSignerApi(link);

  // The camera's own phases (starting, failed, ready) come from its access while `camera` is set; the others are the recording's.
  const [flowPhase, setPhase] = useState<Exclude<Phase, CameraPhase> | { name: "camera" }>({ name: "camera" });
  const media = useMediaAccess({
    constraints: cameraConstraints,
    listDevices: true,
    needsRecorder: true,
    requires: { video: true, audio: true },
    // Asked once a recording kept from before is restored (a failure is not shown while it is reviewed or sent).
    auto: false,
  });
  const { stream } = media;
  const phase: Phase = flowPhase.name === "camera" ? cameraPhase(media.access) : flowPhase;
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [notice, setNotice] = useState<string | null>(() =>
    failedCheck && failedCheckMessages[failedCheck]
      ? [messages(failedCheckMessages[failedCheck]), advice ? tl(`advice.${advice}`) : null].filter(Boolean).join(" ")
      : null,
  );
  /** When the recorder started (performance.now()), and how long ago: the prompts' clock. */
  const recordStartRef = useRef<number | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  /** When each prompt of the recording under way was first painted on the screen, in ms from the recorder's start. */
  const promptsShownRef = useRef<number[]>([]);

  const previewRef = useRef<HTMLVideoElement>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  /** The recorder was stopped because time ran out: what it recorded is not offered. */
  const timedOutRef = useRef(false);
  /** The challenge whose time-up was already handled: the countdown reaching 0 is acted on once. */
  const expiredRef = useRef<string | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const recordingUrlRef = useRef<string | null>(null);

  const errorText = useCallback(
    (error: ApiError) => error.message || (errors.has(error.errorCode) ? errors(error.errorCode) : errors("SERVER_ERROR")),
    [errors],
  );

  const replaceRecording = useCallback((next: Recording | null) => {
    if (recordingUrlRef.current) URL.revokeObjectURL(recordingUrlRef.current);
    recordingUrlRef.current = next?.url ?? null;
    setRecording(next);
  }, []);

  // ── camera and microphone (useMediaAccess: permission, errors, stream life, the unknown error's one retry) ──
  const startCamera = media.request;

  // ── sending ─────────────────────────────────────────────────────────────────
  const toFinishedAttempts = useCallback(
    (error: ApiError) => {
      notifyApiError({ errorCode: error.errorCode, message: errorText(error) });
      router.replace(pagePath(link, "finishedAttempts"));
    },
    [errorText, router, link],
  );

  const attemptsLeft = useCallback((attempts: unknown, current: Challenge | null) => {
    const max = current?.maxAttempts;
    return typeof attempts === "number" && typeof max === "number" ? Math.max(0, max - attempts) : null;
  }, []);

  /** The server's answer to a recording that was sent. */
  const settle = useCallback(
    async (outcome: UploadOutcome, current: Challenge | null) => {
      if (outcome.ok) {
        await forgetRecording(link.processHexId);
        setPhase({ name: "done" });
        router.push(outcome.data.next ? nextPath(link, outcome.data.next) : pagePath(link, "full-process"));
        return;
      }
      if (outcome.retry) {
        setPhase({ name: "sendFailed" });
        return;
      }
      const { error } = outcome;
      await forgetRecording(link.processHexId);
      if (error.errorCode === "VIDEO_TIME_EXPIRED") {
        if (error.page === "finishedAttempts") return toFinishedAttempts(error);
        replaceRecording(null);
        setPhase({ name: "expired", message: errorText(error), attemptsLeft: attemptsLeft(error.attempts, current), reporting: false });
        return;
      }
      if (leavingCodes.has(error.errorCode)) {
        fail(error);
        return;
      }
      // The recording itself was refused (not a video, too large): these digits are used; new ones are needed.
      replaceRecording(null);
      setChallenge(null);
      setNotice(errorText(error));
      setPhase({ name: "camera" });
    },
    [attemptsLeft, errorText, fail, link, replaceRecording, router, toFinishedAttempts],
  );

  const send = useCallback(
    async (kept: Recording, current: Challenge) => {
      setNotice(null);
      setPhase({ name: "sending", progress: 0, retrying: false });
      const stored: KeptRecording = {
        processHexId: link.processHexId,
        uploadId: kept.uploadId,
        challengeId: current.challengeId,
        digits: current.digits,
        deadline: current.deadline,
        seconds: current.seconds,
        bytes: kept.bytes,
        type: kept.type,
        capturedAt: kept.capturedAt,
        ...(kept.promptsShownAtMs ? { promptsShownAtMs: kept.promptsShownAtMs } : {}),
        sending: true,
      };
      await keepRecording(stored);
      uploadAbort.current?.abort();
      const controller = new AbortController();
      uploadAbort.current = controller;
      const outcome = await uploadRecording(stored, {
        urlSign: link.urlSign,
        kind: link.kind,
        locale,
        signal: controller.signal,
        onProgress: (fraction) => setPhase((phase) => (phase.name === "sending" ? { ...phase, progress: fraction } : phase)),
        onRetry: () => setPhase((phase) => (phase.name === "sending" ? { ...phase, retrying: true } : phase)),
      });
      if (controller.signal.aborted) return;
      await settle(outcome, current);
    },
    [link.processHexId, link.urlSign, link.kind, locale, settle],
  );

  /**
   * Time ran out before the recording was sent: the recorder stops, the signer is told, and the
   * server hears of it (it counts the attempt; at the limit the process goes to finishedAttempts).
   */
  const timeUp = useCallback(
    async (current: Challenge) => {
      if (expiredRef.current === current.challengeId) return;
      expiredRef.current = current.challengeId;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") {
        timedOutRef.current = true;
        recorder.stop();
      }
      const uploadId = recording?.uploadId ?? newUploadId();
      replaceRecording(null);
      setPhase({ name: "expired", message: messages("capture.timeExpired"), attemptsLeft: null, reporting: true });
      await forgetRecording(link.processHexId);
      const report = new Uint8Array(webmSignature).buffer;
      const outcome = await uploadRecording(
        {
          processHexId: link.processHexId,
          uploadId,
          challengeId: current.challengeId,
          bytes: report,
          type: "video/webm",
          capturedAt: new Date().toISOString(),
        },
        { urlSign: link.urlSign, kind: link.kind, locale, late: true },
      );
      if (outcome.ok || outcome.retry) {
        setPhase((phase) => (phase.name === "expired" ? { ...phase, reporting: false } : phase));
        return;
      }
      const { error } = outcome;
      if (error.errorCode === "VIDEO_TIME_EXPIRED" && error.page === "finishedAttempts") return toFinishedAttempts(error);
      if (leavingCodes.has(error.errorCode)) return fail(error);
      setPhase((phase) =>
        phase.name === "expired" ? { ...phase, attemptsLeft: attemptsLeft(error.attempts, current), reporting: false } : phase,
      );
    },
    [attemptsLeft, fail, link.processHexId, link.urlSign, link.kind, locale, messages, recording, replaceRecording, toFinishedAttempts],
  );

  // ── recording ───────────────────────────────────────────────────────────────
  const startRecording = useCallback(
    (current: Challenge) => {
      if (!stream) return;
      const preferred = pickRecorderType(
        typeof MediaRecorder.isTypeSupported === "function" ? (type) => MediaRecorder.isTypeSupported(type) : undefined,
      );
      let recorder: MediaRecorder;
      try {
        recorder = new MediaRecorder(stream, { ...(preferred ? { mimeType: preferred } : {}), ...recorderBitrates });
      } catch {
        recorder = new MediaRecorder(stream);
      }
      const chunks: Blob[] = [];
      const startedAt = new Date().toISOString();
      timedOutRef.current = false;
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        recorderRef.current = null;
        if (timedOutRef.current) return;
        const type = containerType(recorder.mimeType || preferred);
        const blob = new Blob(chunks, { type });
        if (blob.size === 0) {
          setNotice(t("empty"));
          setPhase({ name: "camera" });
          return;
        }
        const promptsShownAtMs = [...promptsShownRef.current];
        void blob.arrayBuffer().then(async (bytes) => {
          const kept: Recording = {
            uploadId: newUploadId(),
            bytes,
            type,
            capturedAt: startedAt,
            url: URL.createObjectURL(blob),
            promptsShownAtMs,
          };
          replaceRecording(kept);
          setPhase((phase) => (phase.name === "recording" ? { name: "review" } : phase));
          await keepRecording({
            processHexId: link.processHexId,
            uploadId: kept.uploadId,
            challengeId: current.challengeId,
            digits: current.digits,
            deadline: current.deadline,
            seconds: current.seconds,
            bytes,
            type,
            capturedAt: startedAt,
            promptsShownAtMs,
            sending: false,
          });
        });
      };
      recorderRef.current = recorder;
      setElapsedMs(0);
      // The prompts' times are the video's: it begins with the frames gathered from start() on. Not from the "start"
      // event: a busy phone dispatches it late (seconds, measured on a slowed browser), and every prompt would then be
      // shown that much later in the video than the server expects it, the person's turns judged as not answered.
      promptsShownRef.current = [];
      recordStartRef.current = performance.now();
      recorder.start(1000);
      setPhase({ name: "recording" });
    },
    [link.processHexId, replaceRecording, stream, t],
  );

  const getDigits = useCallback(async () => {
    setNotice(null);
    setPhase({ name: "issuing" });
    replaceRecording(null);
    await forgetRecording(link.processHexId);
    const result = await call<ChallengeAnswer>(apiPath(link, "video-challenge"), {});
    if (!result.ok) {
      if (leavingCodes.has(result.error.errorCode)) {
        fail(result.error);
        return;
      }
      setNotice(
        result.error.errorCode === "VIDEO_CODE_UNAVAILABLE" || !result.error.message
          ? messages("capture.validationCodeUnavailable")
          : result.error.message,
      );
      setPhase({ name: "camera" });
      return;
    }
    const answer = result.data;
    const next: Challenge = {
      challengeId: answer.challengeId,
      digits: answer.digits,
      prompts: answer.prompts ?? [],
      seconds: answer.seconds,
      deadline: localDeadline(answer.seconds, Date.now()),
      attempts: answer.attempts,
      maxAttempts: answer.maxAttempts,
    };
    setChallenge(next);
    setNow(Date.now());
    startRecording(next);
  }, [call, fail, link, messages, replaceRecording, startRecording]);

  const stopRecording = () => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  };

  const retake = async () => {
    if (!challenge) return;
    replaceRecording(null);
    await forgetRecording(link.processHexId);
    startRecording(challenge);
  };

  // ── effects ─────────────────────────────────────────────────────────────────
  // On arrival: a recording kept from before (a reload, a dropped connection) comes back; then the camera.
  useEffect(() => {
    let live = true;
    void (async () => {
      let kept = await keptRecording(link.processHexId);
      // Long past its deadline the server no longer knows its digits: nothing to resume.
      if (kept && !kept.sending && kept.deadline + staleRecordingMs < Date.now()) {
        await forgetRecording(link.processHexId);
        kept = null;
      }
      if (live && kept) {
        const current: Challenge = {
          challengeId: kept.challengeId,
          digits: kept.digits,
          prompts: [],
          deadline: kept.deadline,
          seconds: kept.seconds,
          attempts: null,
          maxAttempts: null,
        };
        const restored: Recording = {
          uploadId: kept.uploadId,
          bytes: kept.bytes,
          type: kept.type,
          capturedAt: kept.capturedAt,
          url: URL.createObjectURL(new Blob([kept.bytes], { type: kept.type })),
          ...(kept.promptsShownAtMs ? { promptsShownAtMs: kept.promptsShownAtMs } : {}),
        };
        setChallenge(current);
        replaceRecording(restored);
        setNotice(kept.sending ? null : t("restored"));
        if (kept.sending) void send(restored, current);
        else setPhase({ name: "review" });
      }
      if (live) await startCamera();
    })();
    return () => {
      live = false;
    };
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Leaving the page stops what is under way (useMediaAccess releases the camera and microphone).
  useEffect(() => {
    return () => {
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") {
        timedOutRef.current = true;
        recorder.stop();
      }
      uploadAbort.current?.abort();
      if (recordingUrlRef.current) URL.revokeObjectURL(recordingUrlRef.current);
    };
  }, []);

  // The preview shows the camera whenever there is one.
  useEffect(() => {
    const video = previewRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
  }, [stream, phase.name]);

  // The countdown, while the digits are being read or the recording reviewed; at 0, time is up.
  const timeUpRef = useRef(timeUp);
  useEffect(() => {
    timeUpRef.current = timeUp;
  }, [timeUp]);
  const counting = challenge !== null && (phase.name === "recording" || phase.name === "review");
  useEffect(() => {
    if (!counting || !challenge) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (secondsLeft(challenge.deadline, at) === 0) void timeUpRef.current(challenge);
    }, 250);
    return () => window.clearInterval(timer);
  }, [counting, challenge]);

  const left = challenge ? secondsLeft(challenge.deadline, now) : 0;

  // The prompts' clock, while recording: which prompt shows, and whether the recording may stop yet.
  const recordingNow = phase.name === "recording";
  useEffect(() => {
    if (!recordingNow) return;
    const timer = window.setInterval(() => {
      if (recordStartRef.current !== null) setElapsedMs(performance.now() - recordStartRef.current);
    }, 100);
    return () => window.clearInterval(timer);
  }, [recordingNow]);
  const prompts = challenge?.prompts ?? [];
  const shownIndex = recordingNow ? prompts.findIndex((p) => elapsedMs >= p.atMs && elapsedMs < p.atMs + p.durationMs) : -1;
  const shownPrompt = shownIndex >= 0 ? prompts[shownIndex] : undefined;
  // When the prompt reached the screen: the frame after the one that put it in the page (a busy phone paints it late,
  // and the person turns when they see it; the server judges the turn from then, within limits).
  useEffect(() => {
    if (shownIndex < 0 || promptsShownRef.current[shownIndex] !== undefined) return;
    const frame = window.requestAnimationFrame(() => {
      const start = recordStartRef.current;
      if (start !== null && promptsShownRef.current[shownIndex] === undefined)
        promptsShownRef.current[shownIndex] = Math.round(performance.now() - start);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [shownIndex]);
  const stopInMs = prompts.length > 0 ? minRecordingMs(prompts) - elapsedMs : 0;

  // ── view ────────────────────────────────────────────────────────────────────
  const showPreview = stream !== null && ["ready", "issuing", "recording"].includes(phase.name);
  const busy = phase.name === "issuing" || phase.name === "sending";

  return (
    <div className="space-y-4" data-testid="video-recorder" data-phase={phase.name}>
      <p className="text-slate-700">{t("intro")}</p>
      {browserAdvice ? <Alert tone="error">{messages("capture.browserAdvice")}</Alert> : null}
      {notice ? (
        <div data-testid="video-notice">
          <Alert tone="error">{notice}</Alert>
        </div>
      ) : null}

      {phase.name === "starting" ? <Alert tone="info">{t("requesting")}</Alert> : null}

      {phase.name === "failed" ? (
        <div className="space-y-3" data-testid="video-camera-problem">
          {phase.problems.map((key) => (
            <Alert key={key} tone="error">
              {messages(key)}
            </Alert>
          ))}
          {phase.denied ? <p className="text-sm text-slate-700">{t("reallow")}</p> : null}
          {phase.errorName && mediaErrorKind(phase.errorName) === "unknown" ? (
            <p className="text-xs text-slate-500">{t("errorDetail", { name: phase.errorName })}</p>
          ) : null}
          {phase.autoRetry ? null : (
            <SignButton onClick={() => void startCamera()} data-testid="video-camera-retry">
              {messages("capture.retry")}
            </SignButton>
          )}
        </div>
      ) : null}

      {counting && challenge ? (
        <div className="space-y-1">
          <div
            role="timer"
            aria-label={t("timeLeftLabel")}
            data-testid="video-countdown"
            data-seconds={left}
            className={`text-center text-lg font-semibold tabular-nums ${left <= urgentSeconds ? "text-red-700" : "text-slate-800"}`}
          >
            {t("timeLeft", { time: formatCountdown(left) })}
          </div>
          <progress value={left} max={challenge.seconds} className="block h-2 w-full" aria-hidden="true" />
        </div>
      ) : null}

      {phase.name === "recording" && challenge ? (
        <div className="space-y-1 text-center">
          <p className="text-slate-700">{t("readAloud")}</p>
          {prompts.length > 0 ? <p className="text-sm text-slate-600">{tl("promptsIntro")}</p> : null}
          <p
            className="font-mono text-5xl font-bold tracking-[0.15em] text-slate-900 sm:text-6xl"
            aria-label={t("digitsLabel", { digits: challenge.digits.split("").join(" ") })}
            data-testid="video-digits"
          >
            {spacedDigits(challenge.digits)}
          </p>
        </div>
      ) : null}

      {showPreview ? (
        <div className="relative">
          <video
            ref={previewRef}
            muted
            playsInline
            autoPlay
            aria-label={t("preview")}
            data-testid="video-preview"
            className="aspect-[4/3] w-full -scale-x-100 rounded-md bg-black object-cover"
          />
          {phase.name === "recording" ? (
            <span
              className="absolute top-2 left-2 inline-flex items-center gap-1 rounded bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="video-recording"
            >
              <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-white" />
              {t("recording")}
            </span>
          ) : null}
          {shownPrompt ? <PromptBanner prompt={shownPrompt} /> : null}
        </div>
      ) : null}

      {phase.name === "ready" || phase.name === "issuing" ? (
        <div className="space-y-3">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
            <li>{t("tipLight")}</li>
            <li>{t("tipNoise")}</li>
            <li>{t("tipTime")}</li>
          </ul>
          <SignButton onClick={() => void getDigits()} disabled={busy || !stream} data-testid="video-get-digits">
            {phase.name === "issuing" ? t("gettingDigits") : t("getDigits")}
          </SignButton>
        </div>
      ) : null}

      {phase.name === "recording" ? (
        <div className="space-y-2">
          {stopInMs > 0 ? (
            <p className="text-sm text-slate-600" data-testid="video-keep-going">
              {tl("keepGoing", { seconds: Math.ceil(stopInMs / 1000) })}
            </p>
          ) : null}
          <SignButton onClick={stopRecording} disabled={stopInMs > 0} data-testid="video-stop">
            {t("stop")}
          </SignButton>
        </div>
      ) : null}

      {phase.name === "review" && recording ? (
        <div className="space-y-3">
          <p className="text-slate-700">{t("review")}</p>
          <video
            src={recording.url}
            controls
            playsInline
            aria-label={t("replay")}
            data-testid="video-replay"
            className="aspect-[4/3] w-full rounded-md bg-black"
          />
          <div className="flex flex-wrap gap-3">
            <SignButton onClick={() => challenge && void send(recording, challenge)} disabled={!challenge} data-testid="video-send">
              {t("send")}
            </SignButton>
            <SignButton tone="outline" onClick={() => void retake()} disabled={!stream} data-testid="video-retake">
              {t("retake")}
            </SignButton>
          </div>
        </div>
      ) : null}

      {phase.name === "sending" ? (
        <div className="space-y-2" data-testid="video-sending">
          <p role="status">{t("sending", { percent: Math.round(phase.progress * 100) })}</p>
          <progress value={phase.progress} max={1} className="block h-2 w-full" aria-label={t("progressLabel")} />
          {phase.retrying ? <Alert tone="info">{messages("capture.unstableNetwork")}</Alert> : null}
        </div>
      ) : null}

      {phase.name === "sendFailed" && recording && challenge ? (
        <div className="space-y-3" data-testid="video-send-failed">
          <Alert tone="error">{messages("capture.unstableNetwork")}</Alert>
          <SignButton onClick={() => void send(recording, challenge)} data-testid="video-send-again">
            {t("sendAgain")}
          </SignButton>
        </div>
      ) : null}

      {phase.name === "expired" ? (
        <div className="space-y-3" data-testid="video-expired">
          <Alert tone="error">{phase.message}</Alert>
          {phase.attemptsLeft !== null ? <p className="text-sm text-slate-700">{t("attemptsLeft", { left: phase.attemptsLeft })}</p> : null}
          <SignButton onClick={() => void getDigits()} disabled={phase.reporting || !stream} data-testid="video-new-digits">
            {t("newDigits")}
          </SignButton>
        </div>
      ) : null}

      {phase.name === "done" ? <Alert tone="success">{t("sent")}</Alert> : null}
    </div>
  );
}
