"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type MediaAccess, useMediaAccess } from "@/components/capture/use-media-access";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import {
  audioLevel,
  countDevices,
  detectBrowser,
  mediaConstraints,
  mediaErrorKind,
  readCapabilities,
  reallowKey,
  summarise,
  type AccessResult,
  type Capabilities,
  type CheckStatus,
  type DeviceCounts,
} from "@/lib/evidence/rtc-check";

type Environment = { capabilities: Capabilities; devices: DeviceCounts | null };

async function listDevices(capabilities: Capabilities): Promise<DeviceCounts | null> {
  if (!capabilities.enumerateDevices) return null;
  try {
    return countDevices(await navigator.mediaDevices.enumerateDevices());
  } catch {
    return null;
  }
}

async function inspectEnvironment(): Promise<Environment> {
  const capabilities = readCapabilities(window);
  return { capabilities, devices: await listDevices(capabilities) };
}

/** The access as the check summarises it (lib/evidence/rtc-check.ts). */
function accessResult(access: MediaAccess): AccessResult {
  switch (access.state) {
    case "granted":
      return { state: "granted", video: access.video, audio: access.audio };
    case "failed":
      return { state: "failed", errorName: access.errorName, repeated: access.repeated };
    case "requesting":
      return { state: "requesting" };
    default:
      return { state: "idle" };
  }
}

const statusStyles: Record<CheckStatus, { mark: string; className: string }> = {
  ok: { mark: "✓", className: "text-emerald-700" },
  fail: { mark: "✗", className: "text-red-700" },
  pending: { mark: "…", className: "text-slate-500" },
};

/**
 * /detect-rtc: the signer checks, before a capture step, that this browser can use the camera, the
 * microphone and WebRTC. Nothing is recorded or sent. `userAgent` comes from the request so that the
 * browser advice is in the server-rendered page (Internet Explorer never runs this script).
 */
export function DetectRtcScreen({ userAgent }: { userAgent: string }) {
  const t = useTranslations("detectRtc");
  const messages = useTranslations();
  const browser = useMemo(() => detectBrowser(userAgent), [userAgent]);
  const [environment, setEnvironment] = useState<Environment | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const meterRef = useRef<HTMLMeterElement>(null);
  const checkAgainRef = useRef<() => void>(() => undefined);
  const media = useMediaAccess({
    // Asked only when the signer asks; the microphone only when there is one (mediaConstraints).
    constraints: mediaConstraints,
    listDevices: true,
    auto: false,
    // Spec §8: an unknown camera error sends the signer back to try again, here by running the check again.
    onAutoRetry: () => checkAgainRef.current(),
  });
  const { request, release, stream } = media;
  const access = accessResult(media.access);
  const asked = access.state !== "idle";

  // Checking again looks at the browser afresh and, when access was asked for before, asks again.
  const checkAgain = useCallback(async () => {
    release();
    const next = await inspectEnvironment();
    setEnvironment(next);
    if (asked && next.capabilities.getUserMedia) await request();
  }, [asked, release, request]);
  useEffect(() => {
    checkAgainRef.current = () => void checkAgain();
  }, [checkAgain]);

  useEffect(() => {
    let live = true;
    void inspectEnvironment().then((next) => {
      if (live) setEnvironment(next);
    });
    return () => {
      live = false;
    };
  }, []);

  // Once allowed, the list is complete (before, some browsers show one device of each kind at most).
  const granted = media.access.state === "granted";
  useEffect(() => {
    if (!granted) return;
    let live = true;
    void inspectEnvironment().then((next) => {
      if (live) setEnvironment((current) => ({ capabilities: next.capabilities, devices: next.devices ?? current?.devices ?? null }));
    });
    return () => {
      live = false;
    };
  }, [granted]);

  const summary = environment ? summarise({ browser, capabilities: environment.capabilities, devices: environment.devices, access }) : null;

  // The live preview and the microphone meter; leaving the page or checking again releases the devices (useMediaAccess).
  useEffect(() => {
    if (!stream) return;
    const video = videoRef.current;
    if (video) {
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    }
    let frame = 0;
    let audioContext: AudioContext | null = null;
    if (stream.getAudioTracks().length > 0) {
      audioContext = new AudioContext();
      const analyser = audioContext.createAnalyser();
      analyser.fftSize = 1024;
      audioContext.createMediaStreamSource(stream).connect(analyser);
      void audioContext.resume().catch(() => undefined);
      const samples = new Uint8Array(analyser.fftSize);
      let peak = 0;
      const tick = () => {
        analyser.getByteTimeDomainData(samples);
        const level = audioLevel(samples);
        const meter = meterRef.current;
        if (meter) {
          meter.value = level;
          if (level > peak) {
            peak = level;
            meter.dataset.peak = level.toFixed(3);
          }
        }
        frame = window.requestAnimationFrame(tick);
      };
      tick();
    }
    return () => {
      window.cancelAnimationFrame(frame);
      void audioContext?.close().catch(() => undefined);
      if (video) video.srcObject = null;
    };
  }, [stream]);

  const requesting = access.state === "requesting";
  const failedName = access.state === "failed" ? access.errorName : null;

  return (
    <div className="space-y-5 text-sm text-slate-700" data-testid="detect-rtc">
      <div className="space-y-1">
        <p className="text-base text-slate-800">{t("intro")}</p>
        <p className="text-slate-500">{t("privacy")}</p>
      </div>

      <p data-testid="rtc-browser">{t("detected", { browser: t(`browsers.${browser.name}`) })}</p>
      {!browser.supported ? (
        <div data-testid="rtc-browser-advice">
          <Alert tone="error">{messages("capture.browserAdvice")}</Alert>
        </div>
      ) : null}

      {summary === null ? (
        <p role="status">{t("checking")}</p>
      ) : (
        <>
          <section aria-labelledby="rtc-results-title" className="rounded-md border border-slate-200 bg-white">
            <h2 id="rtc-results-title" className="border-b border-slate-200 px-4 py-2 font-semibold text-slate-900">
              {t("results")}
            </h2>
            <ul className="divide-y divide-slate-100" data-testid="rtc-checks">
              {summary.checks.map((check) => (
                <li
                  key={check.id}
                  className="flex items-center justify-between gap-4 px-4 py-2"
                  data-testid={`rtc-check-${check.id}`}
                  data-status={check.status}
                >
                  <span>{t(`checks.${check.id}`)}</span>
                  <span className={`font-medium ${statusStyles[check.status].className}`}>
                    <span aria-hidden="true">{statusStyles[check.status].mark} </span>
                    {t(`status.${check.status}`)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="border-t border-slate-200 px-4 py-2 text-slate-500" data-testid="rtc-devices">
              {environment?.devices
                ? t("devices", { cameras: environment.devices.cameras, microphones: environment.devices.microphones })
                : t("devicesUnknown")}
            </p>
          </section>

          {summary.problems.some((key) => key !== "capture.browserAdvice") ? (
            <div className="space-y-2" data-testid="rtc-problems">
              {summary.problems
                .filter((key) => key !== "capture.browserAdvice")
                .map((key) => (
                  <Alert key={key} tone="error">
                    {messages(key)}
                  </Alert>
                ))}
              {failedName !== null && mediaErrorKind(failedName) === "unknown" ? (
                <p className="text-xs text-slate-500">{t("errorDetail", { name: failedName })}</p>
              ) : null}
            </div>
          ) : null}

          {summary.denied ? (
            <section
              aria-labelledby="rtc-reallow-title"
              className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
              data-testid="rtc-reallow"
            >
              <h2 id="rtc-reallow-title" className="font-semibold">
                {t("reallow.title")}
              </h2>
              <p className="mt-1">{t(`reallow.${reallowKey(browser)}`)}</p>
              <p className="mt-1">{t("reallow.system")}</p>
            </section>
          ) : null}

          {summary.ready ? (
            <div data-testid="rtc-all-good">
              <Alert tone="success">{t("allGood")}</Alert>
            </div>
          ) : null}

          {stream ? (
            <div className="space-y-3">
              <video
                ref={videoRef}
                muted
                playsInline
                autoPlay
                aria-label={t("preview")}
                data-testid="rtc-preview"
                className="aspect-video w-full rounded-md bg-black object-cover"
              />
              {stream.getAudioTracks().length > 0 ? (
                <div>
                  <label htmlFor="rtc-mic-level" className="font-medium text-slate-800">
                    {t("micLevel")}
                  </label>
                  <meter
                    id="rtc-mic-level"
                    ref={meterRef}
                    min={0}
                    max={1}
                    low={0.05}
                    high={0.9}
                    optimum={0.5}
                    value={0}
                    data-testid="rtc-mic-level"
                    className="mt-1 block h-4 w-full"
                  />
                  <p className="mt-1 text-slate-500">{t("micHint")}</p>
                </div>
              ) : null}
            </div>
          ) : null}

          {requesting ? <p role="status">{t("requesting")}</p> : null}

          <div className="flex flex-wrap gap-3">
            {access.state === "idle" && summary.canRequest ? (
              <div className="w-full space-y-2">
                <p className="text-slate-500">{t("requestHint")}</p>
                <Button type="button" onClick={() => void request()} data-testid="rtc-request">
                  {t("request")}
                </Button>
              </div>
            ) : null}
            <Button type="button" variant="secondary" disabled={requesting} onClick={() => void checkAgain()} data-testid="rtc-recheck">
              {t("checkAgain")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
