// Browser-safe client of the fingerprint reader bridge (docs/fingerprint-bridge.md): the local app that a
// signer with a reader runs on 127.0.0.1. Only fetch and AbortController, no Node API, so the signing page
// bundles it as is. Every failure comes back as a typed value whose messageKey lives under the `fingerprint`
// namespace of the catalogs; nothing here throws except when the caller aborts through its own signal.

export const DEFAULT_FINGERPRINT_BRIDGE_URL = "http://127.0.0.1:15896";

/** How long the bridge may take to answer /v1/status before we call it absent. */
export const BRIDGE_STATUS_TIMEOUT_MS = 2_000;
/** How long the bridge waits for a finger on the reader (sent to it as timeoutMs). */
export const DEFAULT_CAPTURE_TIMEOUT_MS = 20_000;
/** Extra time past the capture timeout before the client gives up on an answer. */
const CAPTURE_ANSWER_MARGIN_MS = 5_000;

export const fingerNames = [
  "right_thumb",
  "right_index",
  "right_middle",
  "right_ring",
  "right_little",
  "left_thumb",
  "left_index",
  "left_middle",
  "left_ring",
  "left_little",
] as const;
export type FingerName = (typeof fingerNames)[number];

/** ISO/IEC 19794-2 finger position codes (0 = unknown), in the order of fingerNames. */
export function isoFingerPosition(finger: FingerName): number {
  return fingerNames.indexOf(finger) + 1;
}

export type BridgeDevice = { vendor: string; model: string; serial: string };

/** GET /v1/status answer. */
export type BridgeStatus = { connected: boolean; device: BridgeDevice | null; version?: string };

/** Error codes a bridge answers with, in {"error": CODE}. */
export const bridgeErrorCodes = [
  "READER_NOT_CONNECTED",
  "TIMEOUT",
  "LOW_QUALITY",
  "BUSY",
  "ORIGIN_NOT_ALLOWED",
  "HOST_NOT_ALLOWED",
  "BAD_REQUEST",
  "NOT_FOUND",
] as const;
export type BridgeErrorCode = (typeof bridgeErrorCodes)[number];

/** POST /v1/capture answer. template and image are base64 (no data: prefix). */
export type FingerprintCapture = {
  template: string;
  templateFormat: string;
  image: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  resolutionDpi: number | null;
  quality: number;
  finger: FingerName;
  capturedAt: string;
  device: BridgeDevice | null;
};

/** What the signer is told. An absent bridge and a disconnected reader read the same (spec §8). */
export type FingerprintFailureCode = "READER_NOT_CONNECTED" | "TIMEOUT" | "LOW_QUALITY" | "BUSY" | "ORIGIN_NOT_ALLOWED" | "BRIDGE_ERROR";

/** Why, for logs and tests: the signer sees only the code's message. */
export type FingerprintFailureReason =
  | "bridge-unreachable" // connection refused, blocked by CORS, DNS…: the app is off or not installed
  | "bridge-timeout" // the bridge did not answer in time
  | "reader-disconnected" // the bridge answered, but no reader is plugged in
  | "bridge-error" // the bridge answered with an error body
  | "invalid-answer"; // the bridge answered something that is not this protocol

export type FingerprintFailure = {
  ok: false;
  code: FingerprintFailureCode;
  /** Key inside the `fingerprint` namespace, e.g. t(failure.messageKey) with useTranslations("fingerprint"). */
  messageKey: `errors.${FingerprintFailureCode}`;
  reason: FingerprintFailureReason;
  /** HTTP status of the bridge's answer, when there was one. */
  status?: number;
  /** The quality the reader measured, on LOW_QUALITY. */
  quality?: number;
};

export type BridgeCheckResult = { ok: true; device: BridgeDevice; version: string | null } | FingerprintFailure;
export type FingerprintCaptureResult = { ok: true; capture: FingerprintCapture } | FingerprintFailure;

export type BridgeCallOptions = {
  /** Aborts the call; the returned promise then rejects with the abort reason, as fetch does. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** For tests and non-browser callers; the browser's fetch otherwise. */
  fetch?: typeof fetch;
};

export type CaptureOptions = BridgeCallOptions & {
  finger?: FingerName;
  /** How long the bridge waits for a finger; the client waits 5 s more for the answer. */
  captureTimeoutMs?: number;
};

function failure(
  code: FingerprintFailureCode,
  reason: FingerprintFailureReason,
  extra: { status?: number; quality?: number } = {},
): FingerprintFailure {
  return { ok: false, code, messageKey: `errors.${code}`, reason, ...extra };
}

const notConnected = (reason: FingerprintFailureReason, status?: number) =>
  failure("READER_NOT_CONNECTED", reason, status === undefined ? {} : { status });

type Answer = { kind: "answer"; status: number; body: unknown } | { kind: "failure"; failure: FingerprintFailure };

/** One request with its own deadline; the caller's signal, if any, also cancels it. */
async function request(url: string, init: RequestInit, options: BridgeCallOptions, timeoutMs: number): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = options.signal;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener("abort", forward, { once: true });
  try {
    const response = await (options.fetch ?? fetch)(url, { ...init, signal: controller.signal, cache: "no-store", credentials: "omit" });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return { kind: "answer", status: response.status, body };
  } catch (error) {
    if (outer?.aborted && !timedOut) throw outer.reason ?? error;
    // A refused connection, a CORS refusal and a missing app all surface as a TypeError in browsers.
    return { kind: "failure", failure: notConnected(timedOut ? "bridge-timeout" : "bridge-unreachable") };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
}

function endpoint(bridgeUrl: string, path: string): string {
  return `${bridgeUrl.replace(/\/+$/, "")}${path}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";

function readDevice(value: unknown): BridgeDevice | null {
  if (!isRecord(value)) return null;
  const { vendor, model, serial } = value;
  return isString(vendor) && isString(model) && isString(serial) ? { vendor, model, serial } : null;
}

/** Maps an error answer of the bridge to what the signer is told. */
function fromErrorAnswer(status: number, body: unknown): FingerprintFailure {
  const code = isRecord(body) && isString(body.error) ? body.error : null;
  const quality = isRecord(body) && typeof body.quality === "number" ? body.quality : undefined;
  switch (code) {
    case "READER_NOT_CONNECTED":
      return notConnected("reader-disconnected", status);
    case "TIMEOUT":
    case "BUSY":
    case "ORIGIN_NOT_ALLOWED":
      return failure(code, "bridge-error", { status });
    case "LOW_QUALITY":
      return failure("LOW_QUALITY", "bridge-error", quality === undefined ? { status } : { status, quality });
    case null:
      return failure("BRIDGE_ERROR", "invalid-answer", { status });
    default:
      return failure("BRIDGE_ERROR", "bridge-error", { status });
  }
}

/** GET /v1/status: ok with the device when a reader is plugged in; READER_NOT_CONNECTED when not, or when no bridge answers. */
export async function checkBridge(bridgeUrl: string, options: BridgeCallOptions = {}): Promise<BridgeCheckResult> {
  const answer = await request(
    endpoint(bridgeUrl, "/v1/status"),
    { method: "GET" },
    options,
    options.timeoutMs ?? BRIDGE_STATUS_TIMEOUT_MS,
  );
  if (answer.kind === "failure") return answer.failure;
  const { status, body } = answer;
  if (status !== 200) return fromErrorAnswer(status, body);
  if (!isRecord(body) || typeof body.connected !== "boolean") return failure("BRIDGE_ERROR", "invalid-answer", { status });
  const device = readDevice(body.device);
  if (!body.connected || !device) return notConnected("reader-disconnected", status);
  return { ok: true, device, version: isString(body.version) ? body.version : null };
}

function readCapture(body: unknown, finger: FingerName): FingerprintCapture | null {
  if (!isRecord(body)) return null;
  const { template, quality, capturedAt } = body;
  if (!isString(template) || template.length === 0 || typeof quality !== "number" || !isString(capturedAt)) return null;
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  const answeredFinger = (fingerNames as readonly unknown[]).includes(body.finger) ? (body.finger as FingerName) : finger;
  return {
    template,
    templateFormat: isString(body.templateFormat) ? body.templateFormat : "VENDOR",
    image: isString(body.image) && body.image.length > 0 ? body.image : null,
    imageWidth: number(body.imageWidth),
    imageHeight: number(body.imageHeight),
    resolutionDpi: number(body.resolutionDpi),
    quality,
    finger: answeredFinger,
    capturedAt,
    device: readDevice(body.device),
  };
}

/**
 * POST /v1/capture: asks the bridge to read one finger for this signature or validation process.
 * Resolves when the signer has placed the finger (or the bridge gave up), never rejects on bridge trouble.
 */
export async function captureFingerprint(
  bridgeUrl: string,
  processHexId: string,
  options: CaptureOptions = {},
): Promise<FingerprintCaptureResult> {
  const finger = options.finger ?? "right_index";
  const captureTimeoutMs = options.captureTimeoutMs ?? DEFAULT_CAPTURE_TIMEOUT_MS;
  const answer = await request(
    endpoint(bridgeUrl, "/v1/capture"),
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ processHexId, finger, timeoutMs: captureTimeoutMs }),
    },
    options,
    options.timeoutMs ?? captureTimeoutMs + CAPTURE_ANSWER_MARGIN_MS,
  );
  if (answer.kind === "failure") return answer.failure;
  if (answer.status !== 200) return fromErrorAnswer(answer.status, answer.body);
  const capture = readCapture(answer.body, finger);
  return capture ? { ok: true, capture } : failure("BRIDGE_ERROR", "invalid-answer", { status: answer.status });
}

/** A data: URL for an <img> preview of the captured image. */
export function captureImageUrl(capture: FingerprintCapture): string | null {
  return capture.image ? `data:image/png;base64,${capture.image}` : null;
}
