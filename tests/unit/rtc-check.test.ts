import { describe, expect, it } from "vitest";
import es from "@/messages/es-es.json";
import en from "@/messages/en-us.json";
import {
  audioLevel,
  countDevices,
  detectBrowser,
  failureProblem,
  mediaConstraints,
  mediaErrorKind,
  readCapabilities,
  reallowKey,
  summarise,
  type AccessResult,
  type Capabilities,
  type ProblemKey,
  type RtcFacts,
} from "@/lib/evidence/rtc-check";

const userAgents = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36",
  headlessChrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  opera: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70",
  edgeLegacy:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041",
  edgeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  iosInApp: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 350.0",
  ie11: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko",
  ie10: "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)",
};

describe("browser detection from the user agent", () => {
  it.each([
    ["chromeWindows", "chrome"],
    ["chromeAndroid", "chrome"],
    ["headlessChrome", "chrome"],
    ["chromeIos", "chrome"],
    ["firefox", "firefox"],
    ["opera", "opera"],
    ["samsung", "samsung"],
  ] as const)("%s is %s, supported", (agent, name) => {
    expect(detectBrowser(userAgents[agent])).toEqual({ name, supported: true });
  });

  // Spec §8: Edge, Safari and Internet Explorer are unsupported.
  it.each([
    ["edge", "edge"],
    ["edgeLegacy", "edge"],
    ["edgeAndroid", "edge"],
    ["safariMac", "safari"],
    ["safariIphone", "safari"],
    ["iosInApp", "safari"],
    ["ie11", "ie"],
    ["ie10", "ie"],
  ] as const)("%s is %s, unsupported", (agent, name) => {
    expect(detectBrowser(userAgents[agent])).toEqual({ name, supported: false });
  });

  it("an empty or unknown user agent is another browser, not refused", () => {
    expect(detectBrowser("")).toEqual({ name: "other", supported: true });
    expect(detectBrowser("curl/8.5.0")).toEqual({ name: "other", supported: true });
  });

  it("tells Chrome-like browsers and Firefox apart for the re-allow instructions", () => {
    expect(reallowKey(detectBrowser(userAgents.chromeWindows))).toBe("chrome");
    expect(reallowKey(detectBrowser(userAgents.samsung))).toBe("chrome");
    expect(reallowKey(detectBrowser(userAgents.firefox))).toBe("firefox");
    expect(reallowKey(detectBrowser(userAgents.safariMac))).toBe("other");
  });
});

describe("media capabilities", () => {
  const fn = () => undefined;

  it("finds every API a modern browser has", () => {
    const scope = { navigator: { mediaDevices: { getUserMedia: fn, enumerateDevices: fn } }, RTCPeerConnection: fn, MediaRecorder: fn };
    expect(readCapabilities(scope)).toEqual({
      mediaDevices: true,
      getUserMedia: true,
      enumerateDevices: true,
      rtcPeerConnection: true,
      mediaRecorder: true,
    });
  });

  it("reports what is missing: no mediaDevices outside https, no MediaRecorder in old browsers", () => {
    expect(readCapabilities({ navigator: {}, RTCPeerConnection: fn })).toEqual({
      mediaDevices: false,
      getUserMedia: false,
      enumerateDevices: false,
      rtcPeerConnection: true,
      mediaRecorder: false,
    });
    expect(readCapabilities({})).toEqual({
      mediaDevices: false,
      getUserMedia: false,
      enumerateDevices: false,
      rtcPeerConnection: false,
      mediaRecorder: false,
    });
  });

  it("counts cameras and microphones, not speakers", () => {
    const devices = [{ kind: "videoinput" }, { kind: "audioinput" }, { kind: "audioinput" }, { kind: "audiooutput" }];
    expect(countDevices(devices)).toEqual({ cameras: 1, microphones: 2 });
    expect(countDevices([])).toEqual({ cameras: 0, microphones: 0 });
  });

  it("does not count Chrome's default and communications aliases as more microphones", () => {
    const chrome = [
      { kind: "audioinput", deviceId: "default" },
      { kind: "audioinput", deviceId: "communications" },
      { kind: "audioinput", deviceId: "f00d" },
      { kind: "videoinput", deviceId: "beef" },
    ];
    expect(countDevices(chrome)).toEqual({ cameras: 1, microphones: 1 });
    expect(countDevices([{ kind: "audioinput", deviceId: "default" }])).toEqual({ cameras: 0, microphones: 1 });
  });

  it("asks for the microphone only when there may be one", () => {
    expect(mediaConstraints(null)).toEqual({ video: true, audio: true });
    expect(mediaConstraints({ cameras: 1, microphones: 1 })).toEqual({ video: true, audio: true });
    expect(mediaConstraints({ cameras: 1, microphones: 0 })).toEqual({ video: true, audio: false });
  });
});

describe("getUserMedia errors", () => {
  it.each([
    ["NotAllowedError", "denied"],
    ["PermissionDeniedError", "denied"],
    ["SecurityError", "denied"],
    ["NotFoundError", "notFound"],
    ["DevicesNotFoundError", "notFound"],
    ["OverconstrainedError", "notFound"],
    ["NotReadableError", "busy"],
    ["TrackStartError", "busy"],
    ["AbortError", "busy"],
    ["TypeError", "unknown"],
    ["toString", "unknown"],
    ["", "unknown"],
  ] as const)("%s is %s", (name, kind) => {
    expect(mediaErrorKind(name)).toBe(kind);
  });

  it("map to the spec §8 messages", () => {
    const both = { cameras: 1, microphones: 1 };
    expect(failureProblem("NotAllowedError", both, false)).toBe("capture.cameraDenied");
    expect(failureProblem("NotFoundError", { cameras: 0, microphones: 1 }, false)).toBe("capture.noCamera");
    expect(failureProblem("NotFoundError", null, false)).toBe("capture.noCamera");
    expect(failureProblem("NotFoundError", { cameras: 1, microphones: 0 }, false)).toBe("detectRtc.problems.noMicrophone");
    expect(failureProblem("NotReadableError", both, false)).toBe("detectRtc.problems.deviceBusy");
    expect(failureProblem("WeirdError", both, false)).toBe("capture.unknownCameraError");
    expect(failureProblem("WeirdError", both, true)).toBe("detectRtc.problems.unknownPersistent");
  });
});

describe("summary", () => {
  const modern: Capabilities = {
    mediaDevices: true,
    getUserMedia: true,
    enumerateDevices: true,
    rtcPeerConnection: true,
    mediaRecorder: true,
  };
  const chrome = detectBrowser(userAgents.chromeWindows);
  const facts = (overrides: Partial<RtcFacts> = {}): RtcFacts => ({
    browser: chrome,
    capabilities: modern,
    devices: { cameras: 1, microphones: 1 },
    access: { state: "idle" },
    ...overrides,
  });
  const statusOf = (summary: ReturnType<typeof summarise>, id: string) => summary.checks.find((check) => check.id === id)?.status;

  it("before asking: APIs checked, camera and microphone pending, not ready yet, the test can be started", () => {
    const summary = summarise(facts());
    expect(statusOf(summary, "getUserMedia")).toBe("ok");
    expect(statusOf(summary, "camera")).toBe("pending");
    expect(statusOf(summary, "microphone")).toBe("pending");
    expect(summary.problems).toEqual([]);
    expect(summary.ready).toBe(false);
    expect(summary.canRequest).toBe(true);
  });

  it("granted with both tracks: everything ok and ready", () => {
    const summary = summarise(facts({ access: { state: "granted", video: true, audio: true } }));
    expect(summary.checks.every((check) => check.status === "ok")).toBe(true);
    expect(summary.ready).toBe(true);
    expect(summary.problems).toEqual([]);
    expect(summary.denied).toBe(false);
  });

  it("refused: camera and microphone fail, the permission message and how to allow it again", () => {
    const summary = summarise(facts({ access: { state: "failed", errorName: "NotAllowedError", repeated: false } }));
    expect(statusOf(summary, "camera")).toBe("fail");
    expect(statusOf(summary, "microphone")).toBe("fail");
    expect(summary.problems).toEqual(["capture.cameraDenied"]);
    expect(summary.denied).toBe(true);
    expect(summary.autoRetry).toBe(false);
    expect(summary.ready).toBe(false);
  });

  it("no camera listed: says so before any request, once even when the request then fails for it", () => {
    const devices = { cameras: 0, microphones: 1 };
    expect(summarise(facts({ devices })).problems).toEqual(["capture.noCamera"]);
    const failed = summarise(facts({ devices, access: { state: "failed", errorName: "NotFoundError", repeated: false } }));
    expect(failed.problems).toEqual(["capture.noCamera"]);
    expect(statusOf(failed, "camera")).toBe("fail");
  });

  it("no microphone: the camera can still work, the microphone fails", () => {
    const summary = summarise(facts({ devices: { cameras: 1, microphones: 0 }, access: { state: "granted", video: true, audio: false } }));
    expect(statusOf(summary, "camera")).toBe("ok");
    expect(statusOf(summary, "microphone")).toBe("fail");
    expect(summary.problems).toEqual(["detectRtc.problems.noMicrophone"]);
  });

  it("device busy", () => {
    expect(summarise(facts({ access: { state: "failed", errorName: "NotReadableError", repeated: false } })).problems).toEqual([
      "detectRtc.problems.deviceBusy",
    ]);
  });

  it("an unknown error is retried automatically once, then the signer is told to restart or change device", () => {
    const first = summarise(facts({ access: { state: "failed", errorName: "InternalError", repeated: false } }));
    expect(first.problems).toEqual(["capture.unknownCameraError"]);
    expect(first.autoRetry).toBe(true);
    const again = summarise(facts({ access: { state: "failed", errorName: "InternalError", repeated: true } }));
    expect(again.problems).toEqual(["detectRtc.problems.unknownPersistent"]);
    expect(again.autoRetry).toBe(false);
  });

  it("an unsupported browser gets the browser advice first, even when its camera works", () => {
    const summary = summarise(facts({ browser: detectBrowser(userAgents.edge), access: { state: "granted", video: true, audio: true } }));
    expect(statusOf(summary, "browser")).toBe("fail");
    expect(summary.problems[0]).toBe("capture.browserAdvice");
    expect(summary.ready).toBe(false);
  });

  it("missing APIs: cannot ask, and says why", () => {
    const summary = summarise(
      facts({
        capabilities: { mediaDevices: false, getUserMedia: false, enumerateDevices: false, rtcPeerConnection: true, mediaRecorder: false },
        devices: null,
      }),
    );
    expect(summary.canRequest).toBe(false);
    expect(summary.problems).toEqual(["detectRtc.problems.apiMissing", "detectRtc.problems.webrtcMissing"]);
    expect(statusOf(summary, "mediaRecorder")).toBe("fail");
  });

  it("no second request while one is pending", () => {
    const requesting: AccessResult = { state: "requesting" };
    expect(summarise(facts({ access: requesting })).canRequest).toBe(false);
  });
});

describe("microphone level", () => {
  it("is 0 for silence and grows with the signal, capped at 1", () => {
    expect(audioLevel([])).toBe(0);
    expect(audioLevel(new Uint8Array(512).fill(128))).toBe(0);
    const quiet = audioLevel(Uint8Array.from({ length: 512 }, (_, index) => (index % 2 ? 133 : 123)));
    const loud = audioLevel(Uint8Array.from({ length: 512 }, (_, index) => (index % 2 ? 170 : 86)));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(audioLevel(Uint8Array.from({ length: 512 }, (_, index) => (index % 2 ? 255 : 0)))).toBe(1);
  });
});

describe("every message the check can show exists in both languages", () => {
  // A Record over ProblemKey: the type check fails when a new problem is added without being listed here.
  const problemKeys = Object.keys({
    "capture.browserAdvice": true,
    "capture.cameraDenied": true,
    "capture.noCamera": true,
    "capture.unknownCameraError": true,
    "detectRtc.problems.apiMissing": true,
    "detectRtc.problems.webrtcMissing": true,
    "detectRtc.problems.noMicrophone": true,
    "detectRtc.problems.deviceBusy": true,
    "detectRtc.problems.unknownPersistent": true,
  } satisfies Record<ProblemKey, true>);
  const lookup = (catalog: unknown, key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

  it.each(problemKeys)("%s", (key) => {
    expect(typeof lookup(es, key), `es-es ${key}`).toBe("string");
    expect(typeof lookup(en, key), `en-us ${key}`).toBe("string");
  });
});
