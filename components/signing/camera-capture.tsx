"use client";

import { useTranslations } from "next-intl";
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/card";
import { type CanvasSize, containRect, coverCrop } from "@/lib/evidence/capture-size";
import { type MediaAccess, useMediaAccess } from "@/components/capture/use-media-access";
import { detectBrowser, failureProblem, mediaErrorKind, reallowKey } from "@/lib/evidence/rtc-check";
import { SignButton } from "./sign-button";

export type CapturedPhoto = { blob: Blob; capturedAt: Date; source: "camera" | "file" };

type Props = {
  /** "environment" (the rear camera) for documents, "user" (the front one) for a selfie. */
  facingMode: "environment" | "user";
  /** The photo's size in pixels, from the capture configuration. */
  size: CanvasSize;
  /** JPEG quality for canvas.toBlob, 0 to 1. */
  quality: number;
  /** The request's user agent, for the browser advice in the server-rendered page. */
  userAgent: string;
  /** What is being photographed now ("Anverso del documento"). */
  label: string;
  /** A frame drawn over the preview: a card's outline or a face's oval. */
  guide: "card" | "face";
  /** While false nothing can be captured (the selfie's box is unticked); `blockedHint` says why. */
  enabled?: boolean;
  blockedHint?: string;
  onCapture: (photo: CapturedPhoto) => void;
};

type Camera =
  | { state: "starting" }
  | { state: "live"; stream: MediaStream }
  | { state: "failed"; errorName: string; repeated: boolean; retrying: boolean }
  /** No getUserMedia here (an old browser, or a page not served over https). */
  | { state: "unavailable" };

/** The camera as this component shows it (its data-camera states). */
function cameraOf(access: MediaAccess): Camera {
  switch (access.state) {
    case "granted":
      return { state: "live", stream: access.stream };
    case "failed":
      return { state: "failed", errorName: access.errorName, repeated: access.repeated, retrying: access.retrying };
    case "unavailable":
      return { state: "unavailable" };
    default:
      return { state: "starting" };
  }
}

type Review = { photo: CapturedPhoto; url: string };

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** A chosen file's picture, upright (browsers apply its EXIF orientation). */
async function decodeImage(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === "function") {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

/**
 * The camera for the photo steps: a live preview framed exactly as the photo will be (object-fit:
 * cover on the configured size), capture to a canvas of that size, JPEG at the configured quality,
 * then a review (retake or use it). When there is no camera, permission is refused or the browser
 * cannot, it says so plainly (spec §8) and offers taking or choosing a photo with the device's own
 * camera app instead (a file input); an unknown error is first retried by itself after a few seconds.
 */
export function CameraCapture({ facingMode, size, quality, userAgent, label, guide, enabled = true, blockedHint, onCapture }: Props) {
  const t = useTranslations("signing.camera");
  const messages = useTranslations();
  const browser = useMemo(() => detectBrowser(userAgent), [userAgent]);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const media = useMediaAccess({
    constraints: { audio: false, video: { facingMode: { ideal: facingMode }, width: { ideal: 1920 }, height: { ideal: 1080 } } },
  });
  const camera = cameraOf(media.access);
  const [playing, setPlaying] = useState<MediaStream | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [preparing, setPreparing] = useState(false);

  // The camera is asked for on arrival and again when the facing mode changes; leaving the page releases it (useMediaAccess).
  const stream = media.stream;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);

  // Spec §8: an unknown camera error is tried again by itself, once (useMediaAccess).
  const autoRetry = camera.state === "failed" && camera.retrying;

  useEffect(() => {
    if (!review) return;
    return () => URL.revokeObjectURL(review.url);
  }, [review]);

  const retryCamera = () => void media.request();

  const show = (photo: CapturedPhoto) => setReview({ photo, url: URL.createObjectURL(photo.blob) });

  const ready = camera.state === "live" && playing === camera.stream;

  async function take() {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas || !video.videoWidth || !video.videoHeight) return;
    const capturedAt = new Date();
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return;
    const crop = coverCrop({ width: video.videoWidth, height: video.videoHeight }, size);
    context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
    const blob = await toJpeg(canvas, quality);
    if (blob) show({ blob, capturedAt, source: "camera" });
  }

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const capturedAt = new Date();
    setPreparing(true);
    let blob: Blob = file;
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    // Drawn whole on the configured canvas and kept as JPEG like a camera photo; a picture this
    // browser cannot draw goes as it is, and the server says whether it can read it.
    if (canvas && context) {
      try {
        const image = await decodeImage(file);
        canvas.width = size.width;
        canvas.height = size.height;
        context.fillStyle = "#ffffff";
        context.fillRect(0, 0, size.width, size.height);
        const place = containRect({ width: image.width, height: image.height }, size);
        context.drawImage(image.source, place.x, place.y, place.width, place.height);
        image.close();
        blob = (await toJpeg(canvas, quality)) ?? file;
      } catch {
        blob = file;
      }
    }
    setPreparing(false);
    show({ blob, capturedAt, source: "file" });
  }

  function use() {
    if (!review) return;
    onCapture(review.photo);
    setReview(null);
  }

  const failure = camera.state === "failed" ? camera : null;
  const problem = failure
    ? failureProblem(failure.errorName, null, failure.repeated)
    : camera.state === "unavailable"
      ? "detectRtc.problems.apiMissing"
      : null;
  const denied = failure !== null && mediaErrorKind(failure.errorName) === "denied";
  const cameraUnusable = camera.state === "unavailable" || (failure !== null && !autoRetry);
  const portrait = size.height > size.width;

  return (
    <section className="space-y-4" data-testid="camera-capture" data-camera={camera.state} data-facing={facingMode}>
      {!browser.supported ? (
        <div data-testid="camera-browser-advice">
          <Alert tone="info">{messages("capture.browserAdvice")}</Alert>
        </div>
      ) : null}

      <p className="font-medium text-slate-900" data-testid="camera-label">
        {label}
      </p>

      <div
        className="relative mx-auto w-full overflow-hidden rounded-lg bg-slate-900"
        style={{ aspectRatio: `${size.width} / ${size.height}`, maxWidth: portrait ? 360 : undefined }}
        data-testid="camera-frame"
      >
        {camera.state === "live" ? (
          <video
            ref={videoRef}
            muted
            playsInline
            autoPlay
            onPlaying={() => setPlaying(camera.stream)}
            aria-label={t("preview")}
            data-testid="camera-preview"
            // The front camera is shown as a mirror, as people expect; the photo itself is not mirrored.
            className={`h-full w-full object-cover ${facingMode === "user" ? "-scale-x-100" : ""} ${review ? "invisible" : ""}`}
          />
        ) : null}
        {review ? (
          // eslint-disable-next-line @next/next/no-img-element -- a blob: URL of the photo just taken, never fetched
          <img
            src={review.url}
            alt={t("reviewAlt", { what: label })}
            className="absolute inset-0 h-full w-full bg-white object-contain"
            data-testid="camera-review-image"
          />
        ) : null}
        {!review && camera.state === "live" ? (
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
            {guide === "card" ? (
              <div className="h-[84%] w-[90%] rounded-xl border-2 border-dashed border-white/80" />
            ) : (
              <div className="h-[72%] w-[58%] rounded-[50%] border-2 border-dashed border-white/80" />
            )}
          </div>
        ) : null}
        {!review && camera.state !== "live" ? (
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-200" role="status">
            {camera.state === "starting" ? t("starting") : t("noPreview")}
          </p>
        ) : null}
      </div>
      <canvas ref={canvasRef} width={size.width} height={size.height} className="hidden" data-testid="camera-canvas" />

      {problem ? (
        <div className="space-y-2" data-testid="camera-problem" data-problem={problem}>
          <Alert tone="error">{messages(problem)}</Alert>
          {autoRetry ? <p className="text-sm text-slate-500">{t("retryingSoon")}</p> : null}
        </div>
      ) : null}

      {denied ? (
        <section
          aria-labelledby="camera-reallow-title"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="camera-reallow"
        >
          <h2 id="camera-reallow-title" className="font-semibold">
            {t("reallow.title")}
          </h2>
          <p className="mt-1">{t(`reallow.${reallowKey(browser)}`)}</p>
          <p className="mt-1">{t("reallow.system")}</p>
        </section>
      ) : null}

      {review ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{t("review")}</p>
          <div className="flex flex-wrap gap-3">
            <SignButton onClick={use} data-testid="camera-use">
              {t("use")}
            </SignButton>
            <SignButton tone="outline" onClick={() => setReview(null)} data-testid="camera-retake">
              {t("retake")}
            </SignButton>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          {camera.state === "live" ? (
            <SignButton onClick={() => void take()} disabled={!enabled || !ready} data-testid="camera-take">
              {t("take")}
            </SignButton>
          ) : null}
          {cameraUnusable && camera.state !== "unavailable" ? (
            <SignButton tone="outline" onClick={retryCamera} data-testid="camera-retry">
              {messages("capture.retry")}
            </SignButton>
          ) : null}
        </div>
      )}

      {!enabled && blockedHint ? (
        <p className="text-sm text-amber-800" data-testid="camera-blocked">
          {blockedHint}
        </p>
      ) : null}

      {!review && cameraUnusable ? (
        <div className="space-y-2 rounded-md border border-slate-200 bg-white p-4" data-testid="camera-fallback">
          <p className="text-sm text-slate-700">{t("fallbackHint")}</p>
          <input
            ref={fileRef}
            id={`camera-file-${facingMode}`}
            type="file"
            accept="image/*"
            capture={facingMode}
            className="sr-only"
            disabled={!enabled || preparing}
            onChange={(event) => void chosen(event)}
            data-testid="camera-file-input"
          />
          <SignButton tone="outline" disabled={!enabled || preparing} onClick={() => fileRef.current?.click()} data-testid="camera-file">
            {preparing ? t("preparing") : t("chooseFile")}
          </SignButton>
        </div>
      ) : null}
    </section>
  );
}
