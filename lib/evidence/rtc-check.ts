/**
 * /detect-rtc: what the signer's browser can do with camera, microphone and WebRTC, and what to tell
 * them when something is missing. Pure functions; the screen (components/signing/detect-rtc-screen.tsx)
 * gathers the facts from the browser and renders the summary.
 */

export type BrowserName = "chrome" | "firefox" | "opera" | "samsung" | "edge" | "safari" | "ie" | "other";
export type BrowserInfo = { name: BrowserName; supported: boolean };

/** Spec §8 browser advice: Edge, Safari and Internet Explorer are unsupported. */
const unsupportedBrowsers: ReadonlySet<BrowserName> = new Set(["edge", "safari", "ie"]);

/**
 * The browser behind a user-agent string. Order matters: Edge and Opera also say "Chrome", and
 * Chrome also says "Safari"; Chrome and Firefox on iOS say CriOS and FxiOS.
 */
export function detectBrowser(userAgent: string): BrowserInfo {
  const name = browserName(userAgent);
  return { name, supported: !unsupportedBrowsers.has(name) };
}

function browserName(userAgent: string): BrowserName {
  if (/\bMSIE \d|\bTrident\//.test(userAgent)) return "ie";
  if (/\bEdg(?:e|A|iOS)?\//.test(userAgent)) return "edge";
  if (/\bOPR\/|\bOpera\b/.test(userAgent)) return "opera";
  if (/\bSamsungBrowser\//.test(userAgent)) return "samsung";
  if (/\b(?:Firefox|FxiOS)\//.test(userAgent)) return "firefox";
  if (/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//.test(userAgent)) return "chrome";
  // Safari itself, and iOS in-app browsers (same WebKit, no "Safari/" token).
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(userAgent) || /\bAppleWebKit\/.*\bMobile\//.test(userAgent)) return "safari";
  return "other";
}

export type Capabilities = {
  mediaDevices: boolean;
  getUserMedia: boolean;
  enumerateDevices: boolean;
  rtcPeerConnection: boolean;
  mediaRecorder: boolean;
};

/** The parts of `window` the check looks at; `window` itself fits. */
export type MediaScope = {
  navigator?: { mediaDevices?: { getUserMedia?: unknown; enumerateDevices?: unknown } };
  RTCPeerConnection?: unknown;
  MediaRecorder?: unknown;
};

/**
 * Which media APIs exist. navigator.mediaDevices is absent outside a secure context (plain http) and
 * in old browsers.
 */
export function readCapabilities(scope: MediaScope): Capabilities {
  const mediaDevices = scope.navigator?.mediaDevices;
  return {
    mediaDevices: mediaDevices != null,
    getUserMedia: typeof mediaDevices?.getUserMedia === "function",
    enumerateDevices: typeof mediaDevices?.enumerateDevices === "function",
    rtcPeerConnection: typeof scope.RTCPeerConnection === "function",
    mediaRecorder: typeof scope.MediaRecorder === "function",
  };
}

export type DeviceCounts = { cameras: number; microphones: number };

/** Chrome lists the system's default and communications devices again under these ids. */
const aliasIds: ReadonlySet<string> = new Set(["default", "communications"]);

type ListedDevice = { kind: string; deviceId?: string };

function countKind(devices: readonly ListedDevice[], kind: string): number {
  const ofKind = devices.filter((device) => device.kind === kind);
  const real = ofKind.filter((device) => !aliasIds.has(device.deviceId ?? ""));
  return real.length > 0 ? real.length : Math.min(ofKind.length, 1);
}

/** Cameras and microphones among enumerateDevices() results (speakers are "audiooutput"), aliases not counted twice. */
export function countDevices(devices: readonly ListedDevice[]): DeviceCounts {
  return { cameras: countKind(devices, "videoinput"), microphones: countKind(devices, "audioinput") };
}

/**
 * What to ask getUserMedia for. The camera always (a missing one then fails plainly with
 * NotFoundError); the microphone unless the device list says there is none, so that a missing
 * microphone does not hide a working camera.
 */
export function mediaConstraints(devices: DeviceCounts | null): { video: true; audio: boolean } {
  return { video: true, audio: devices === null || devices.microphones > 0 };
}

export type MediaErrorKind = "denied" | "notFound" | "busy" | "unknown";

// Names from the Media Capture spec, plus the older Chrome and Firefox names some browsers still use.
const errorKinds: Record<string, MediaErrorKind> = {
  NotAllowedError: "denied",
  PermissionDeniedError: "denied",
  SecurityError: "denied",
  NotFoundError: "notFound",
  DevicesNotFoundError: "notFound",
  OverconstrainedError: "notFound",
  ConstraintNotSatisfiedError: "notFound",
  NotReadableError: "busy",
  TrackStartError: "busy",
  AbortError: "busy",
};

/** The kind of a getUserMedia rejection, from the error's name. */
export function mediaErrorKind(errorName: string): MediaErrorKind {
  return (Object.hasOwn(errorKinds, errorName) ? errorKinds[errorName] : undefined) ?? "unknown";
}

/** A message key, relative to the catalog root. Spec §8 texts that already exist live in `capture`. */
export type ProblemKey =
  | "capture.browserAdvice"
  | "capture.cameraDenied"
  | "capture.noCamera"
  | "capture.unknownCameraError"
  | "detectRtc.problems.apiMissing"
  | "detectRtc.problems.webrtcMissing"
  | "detectRtc.problems.noMicrophone"
  | "detectRtc.problems.deviceBusy"
  | "detectRtc.problems.unknownPersistent";

/**
 * The message for a getUserMedia rejection. An unknown error is retried once automatically
 * (spec §8: "Unknown camera error, with automatic redirect to retry"); if the retry fails the same
 * way, `repeated` is set and the signer is told to restart the browser or change device instead.
 */
export function failureProblem(errorName: string, devices: DeviceCounts | null, repeated: boolean): ProblemKey {
  switch (mediaErrorKind(errorName)) {
    case "denied":
      return "capture.cameraDenied";
    case "notFound":
      return devices !== null && devices.cameras > 0 && devices.microphones === 0 ? "detectRtc.problems.noMicrophone" : "capture.noCamera";
    case "busy":
      return "detectRtc.problems.deviceBusy";
    case "unknown":
      return repeated ? "detectRtc.problems.unknownPersistent" : "capture.unknownCameraError";
  }
}

/** Where camera and microphone access stands: not asked yet, being asked, given, or refused/failed. */
export type AccessResult =
  | { state: "idle" }
  | { state: "requesting" }
  | { state: "granted"; video: boolean; audio: boolean }
  | { state: "failed"; errorName: string; repeated: boolean };

export type RtcFacts = { browser: BrowserInfo; capabilities: Capabilities; devices: DeviceCounts | null; access: AccessResult };

export type CheckId = "browser" | "mediaDevices" | "getUserMedia" | "rtcPeerConnection" | "mediaRecorder" | "camera" | "microphone";
export type CheckStatus = "ok" | "fail" | "pending";

export type RtcSummary = {
  checks: { id: CheckId; status: CheckStatus }[];
  /** Messages to show, most fundamental first, without repeats. */
  problems: ProblemKey[];
  /** Every check passed: camera and microphone work in this browser. */
  ready: boolean;
  /** Asking for the camera and microphone makes sense (the API exists, no request is pending). */
  canRequest: boolean;
  /** The access failed with an unknown error for the first time: retry on our own. */
  autoRetry: boolean;
  /** The access was refused: show how to allow it again. */
  denied: boolean;
};

const okOrFail = (passed: boolean): CheckStatus => (passed ? "ok" : "fail");

function deviceStatus(
  count: number | undefined,
  access: AccessResult,
  granted: (access: { video: boolean; audio: boolean }) => boolean,
): CheckStatus {
  if (count === 0) return "fail";
  if (access.state === "granted") return okOrFail(granted(access));
  if (access.state === "failed") return "fail";
  return "pending";
}

export function summarise({ browser, capabilities, devices, access }: RtcFacts): RtcSummary {
  const checks: RtcSummary["checks"] = [
    { id: "browser", status: okOrFail(browser.supported) },
    { id: "mediaDevices", status: okOrFail(capabilities.mediaDevices) },
    { id: "getUserMedia", status: okOrFail(capabilities.getUserMedia) },
    { id: "rtcPeerConnection", status: okOrFail(capabilities.rtcPeerConnection) },
    { id: "mediaRecorder", status: okOrFail(capabilities.mediaRecorder) },
    { id: "camera", status: deviceStatus(devices?.cameras, access, (granted) => granted.video) },
    { id: "microphone", status: deviceStatus(devices?.microphones, access, (granted) => granted.audio) },
  ];

  const problems = new Set<ProblemKey>();
  if (!browser.supported) problems.add("capture.browserAdvice");
  if (!capabilities.mediaDevices || !capabilities.getUserMedia) problems.add("detectRtc.problems.apiMissing");
  if (!capabilities.rtcPeerConnection || !capabilities.mediaRecorder) problems.add("detectRtc.problems.webrtcMissing");
  if (devices?.cameras === 0) problems.add("capture.noCamera");
  if (devices?.microphones === 0) problems.add("detectRtc.problems.noMicrophone");
  if (access.state === "failed") problems.add(failureProblem(access.errorName, devices, access.repeated));
  if (access.state === "granted" && !access.audio && devices?.microphones !== 0) problems.add("detectRtc.problems.noMicrophone");

  const failure = access.state === "failed" ? mediaErrorKind(access.errorName) : null;
  return {
    checks,
    problems: [...problems],
    ready: checks.every((check) => check.status === "ok"),
    canRequest: capabilities.getUserMedia && access.state !== "requesting",
    autoRetry: access.state === "failed" && failure === "unknown" && !access.repeated,
    denied: failure === "denied",
  };
}

/** Which "how to allow the camera again" text fits the browser. */
export function reallowKey(browser: BrowserInfo): "chrome" | "firefox" | "other" {
  if (browser.name === "firefox") return "firefox";
  if (browser.name === "chrome" || browser.name === "opera" || browser.name === "samsung" || browser.name === "edge") return "chrome";
  return "other";
}

/** Spec §8 unknown camera error: how long the message stays before the check runs again by itself. */
export const unknownErrorRetryMs = 5000;

/**
 * The microphone level, 0 (silence) to 1 (full scale), from AnalyserNode.getByteTimeDomainData
 * samples (128 is silence): their RMS, scaled up so that speech moves the meter visibly.
 */
export function audioLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const centred = ((samples[index] ?? 128) - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}
