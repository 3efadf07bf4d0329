"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  countDevices,
  type DeviceCounts,
  type MediaErrorKind,
  mediaErrorKind,
  readCapabilities,
  unknownErrorRetryMs,
} from "@/lib/evidence/rtc-check";

/** What this browser or device lacks for the capture: the media API (an old browser, or a page not served over https), the recorder, or a device the stream must carry. */
export type MissingMedia = "getUserMedia" | "mediaRecorder" | "camera" | "microphone";

/** Where camera and microphone access stands. */
export type MediaAccess =
  /** Not asked yet (the page waits for the person to ask). */
  | { state: "idle" }
  | { state: "requesting" }
  | { state: "granted"; stream: MediaStream; video: boolean; audio: boolean }
  /**
   * getUserMedia refused: `kind` says why (denied, notFound, busy: in use by another app, unknown).
   * An unknown error is retried once by itself after unknownErrorRetryMs (`retrying`); when the retry
   * fails the same way, `repeated` is set. `devices` were listed before asking, when asked to.
   */
  | { state: "failed"; errorName: string; kind: MediaErrorKind; repeated: boolean; retrying: boolean; devices: DeviceCounts | null }
  /** Nothing to ask: `insecureContext` when the page is not served over https, where browsers hide the API. */
  | { state: "unavailable"; missing: MissingMedia; insecureContext: boolean };

export type MediaAccessOptions = {
  /** What to ask getUserMedia for; given the devices listed just before when `listDevices`. */
  constraints: MediaStreamConstraints | ((devices: DeviceCounts | null) => MediaStreamConstraints);
  /** List the devices before asking, so a refusal can tell "no camera" from "no microphone". */
  listDevices?: boolean;
  /** The capture records (MediaRecorder): without it access is unavailable. */
  needsRecorder?: boolean;
  /** Tracks the stream must carry: a stream without them is released and reported as unavailable. */
  requires?: { video?: boolean; audio?: boolean };
  /** Ask as soon as the component is shown, and again when the constraints change (default); false waits for request(). */
  auto?: boolean;
  /** Instead of request(), what runs when an unknown error is retried by itself. */
  onAutoRetry?: () => void;
};

function errorNameOf(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error && typeof error.name === "string" ? error.name : "UnknownError";
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Camera and microphone access for every capture (photo steps, video recording, the /detect-rtc
 * check, and the validation process's captures): permission, state and errors of getUserMedia, and
 * the stream's life. One stream at a time: asking again releases the previous one first (phones
 * cannot open the camera twice), and leaving the page releases it. An answer that arrives after
 * the page was left, or after a newer request, is stopped at once.
 */
export function useMediaAccess({
  constraints,
  listDevices = false,
  needsRecorder = false,
  requires,
  auto = true,
  onAutoRetry,
}: MediaAccessOptions) {
  const [access, setAccess] = useState<MediaAccess>(auto ? { state: "requesting" } : { state: "idle" });
  const streamRef = useRef<MediaStream | null>(null);
  /** Each request's number: only the latest one may set the state or keep its stream. */
  const generation = useRef(0);
  const mounted = useRef(false);
  const lastFailure = useRef<string | null>(null);
  const constraintsRef = useRef(constraints);
  const onAutoRetryRef = useRef(onAutoRetry);
  const needsVideo = requires?.video ?? false;
  const needsAudio = requires?.audio ?? false;

  useEffect(() => {
    constraintsRef.current = constraints;
    onAutoRetryRef.current = onAutoRetry;
  });

  const release = useCallback(() => {
    generation.current += 1;
    stopTracks(streamRef.current);
    streamRef.current = null;
    setAccess({ state: "idle" });
  }, []);

  const request = useCallback(async () => {
    generation.current += 1;
    const mine = generation.current;
    const current = () => mounted.current && mine === generation.current;
    stopTracks(streamRef.current);
    streamRef.current = null;
    // Not in the same tick as the effect or click that asked: the state changes after it.
    await Promise.resolve();
    if (!current()) return;
    const capabilities = readCapabilities(window);
    const insecureContext = window.isSecureContext === false;
    if (!capabilities.mediaDevices || !capabilities.getUserMedia) {
      setAccess({ state: "unavailable", missing: "getUserMedia", insecureContext });
      return;
    }
    if (needsRecorder && !capabilities.mediaRecorder) {
      setAccess({ state: "unavailable", missing: "mediaRecorder", insecureContext });
      return;
    }
    setAccess({ state: "requesting" });
    let devices: DeviceCounts | null = null;
    if (listDevices && capabilities.enumerateDevices) {
      try {
        devices = countDevices(await navigator.mediaDevices.enumerateDevices());
      } catch {
        devices = null;
      }
    }
    const wanted = constraintsRef.current;
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia(typeof wanted === "function" ? wanted(devices) : wanted);
    } catch (error) {
      if (!current()) return;
      const name = errorNameOf(error);
      const kind = mediaErrorKind(name);
      const before = lastFailure.current;
      const repeated = kind === "unknown" && before !== null && mediaErrorKind(before) === "unknown";
      lastFailure.current = name;
      setAccess({ state: "failed", errorName: name, kind, repeated, retrying: kind === "unknown" && !repeated, devices });
      return;
    }
    if (!current()) {
      stopTracks(media);
      return;
    }
    lastFailure.current = null;
    const video = media.getVideoTracks().length > 0;
    const audio = media.getAudioTracks().length > 0;
    if ((needsVideo && !video) || (needsAudio && !audio)) {
      stopTracks(media);
      setAccess({ state: "unavailable", missing: needsVideo && !video ? "camera" : "microphone", insecureContext });
      return;
    }
    streamRef.current = media;
    setAccess({ state: "granted", stream: media, video, audio });
  }, [listDevices, needsRecorder, needsVideo, needsAudio]);

  // Leaving the page releases the devices and drops any answer still on its way.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      generation.current += 1;
      stopTracks(streamRef.current);
      streamRef.current = null;
    };
  }, []);

  const constraintsKey = typeof constraints === "function" ? "" : JSON.stringify(constraints);
  useEffect(() => {
    if (auto) queueMicrotask(() => void request());
  }, [auto, constraintsKey, request]);

  // Spec §8: an unknown camera error is tried again by itself, once.
  const retrying = access.state === "failed" && access.retrying;
  useEffect(() => {
    if (!retrying) return;
    const timer = window.setTimeout(() => {
      if (onAutoRetryRef.current) onAutoRetryRef.current();
      else void request();
    }, unknownErrorRetryMs);
    return () => window.clearTimeout(timer);
  }, [retrying, request]);

  return { access, stream: access.state === "granted" ? access.stream : null, request, release };
}
