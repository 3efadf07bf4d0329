// A stand-in for the fingerprint reader bridge (docs/fingerprint-bridge.md) for tests and demos: the same
// HTTP API, Host and Origin checks and error bodies, with a synthetic reader whose images and templates are
// deterministic (the same serial and finger always give the same bytes).
//
//   npx tsx tools/fingerprint-bridge/simulator.ts [--port 15896] [--disconnected] [--quality 80]
//       [--min-quality 40] [--origin http://localhost:3000]... [--no-finger] [--delay 300]
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import {
  fingerNames,
  isoFingerPosition,
  type BridgeDevice,
  type BridgeErrorCode,
  type FingerName,
} from "../../lib/evidence/fingerprint-bridge-client";

export const DEFAULT_BRIDGE_PORT = 15896;
export const SIMULATOR_VERSION = "1.0.0-simulator";

export type FingerprintBridgeSimulatorOptions = {
  /** 0 (the default) picks a free port; the command line uses 15896. */
  port?: number;
  /** Only loopback addresses make sense; 127.0.0.1 by default. */
  host?: string;
  /** Origins whose pages may call the bridge; APP_BASE_URL or http://localhost:3000 by default. */
  allowedOrigins?: string[];
  connected?: boolean;
  /** The quality the reader reports, 0-100 (85 by default). */
  quality?: number;
  /** Captures under this quality answer LOW_QUALITY (40 by default). */
  minQuality?: number;
  /** false: nobody puts a finger on the reader, so captures end in TIMEOUT (or wait for setFingerPresent). */
  fingerPresent?: boolean;
  /** How long the simulated finger takes to be read, in ms (0 by default). */
  captureDelayMs?: number;
  device?: BridgeDevice;
};

export type FingerprintBridgeSimulator = {
  url: string;
  port: number;
  close(): Promise<void>;
  setConnected(connected: boolean): void;
  setQuality(quality: number): void;
  setFingerPresent(present: boolean): void;
  /** processHexId of every capture request that passed the Host and Origin checks. */
  captures: string[];
};

const defaultDevice: BridgeDevice = { vendor: "Rúbrica", model: "Simulated Reader 500", serial: "SIM-000001" };

const errorStatus: Record<BridgeErrorCode, number> = {
  BAD_REQUEST: 400,
  ORIGIN_NOT_ALLOWED: 403,
  HOST_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  BUSY: 409,
  LOW_QUALITY: 422,
  READER_NOT_CONNECTED: 503,
  // Not 408: browsers resend a request that got 408 on a reused connection, which would start a second capture.
  TIMEOUT: 504,
};

const IMAGE_WIDTH = 256;
const IMAGE_HEIGHT = 360;
const RESOLUTION_DPI = 500;
const MAX_BODY_BYTES = 4096;

// ---------------------------------------------------------------------------------------------------------
// Synthetic reader

/** mulberry32: a small seeded PRNG, so every image and template is reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(...parts: string[]): number {
  return createHash("sha256").update(parts.join("\u0000")).digest().readUInt32BE(0);
}

/** Grey ridges around a whorl core inside a fingertip-shaped mask; lower quality = less contrast, more noise. */
export async function syntheticFingerprintPng(serial: string, finger: FingerName, quality: number): Promise<Buffer> {
  const random = prng(seedOf(serial, finger));
  const cx = IMAGE_WIDTH * (0.45 + 0.1 * random());
  const cy = IMAGE_HEIGHT * (0.42 + 0.1 * random());
  const period = 8 + 2 * random();
  const twist = 1.5 + 2 * random();
  const phase = 2 * Math.PI * random();
  const lobes = 1 + Math.floor(3 * random());
  const noise = prng(seedOf(serial, finger, String(quality)));
  const q = Math.min(100, Math.max(0, quality)) / 100;
  const contrast = 60 + 170 * q;
  const grain = 140 * (1 - q);
  const pixels = Buffer.alloc(IMAGE_WIDTH * IMAGE_HEIGHT);
  for (let y = 0; y < IMAGE_HEIGHT; y++) {
    for (let x = 0; x < IMAGE_WIDTH; x++) {
      const ex = (x - IMAGE_WIDTH / 2) / (IMAGE_WIDTH * 0.44);
      const ey = (y - IMAGE_HEIGHT * 0.53) / (IMAGE_HEIGHT * 0.45);
      const edge = 1 - (ex * ex + ey * ey);
      let value = 255;
      if (edge > 0) {
        // A whorl around the core, bent by a slow warp so the ridges wander as real ones do.
        const wx = x + 9 * Math.sin(y / 23 + phase);
        const wy = y + 7 * Math.sin(x / 19 - phase);
        const dx = wx - cx;
        const dy = (wy - cy) / 1.3;
        const r = Math.hypot(dx, dy);
        const theta = Math.atan2(dy, dx);
        const bend = twist * Math.sin(lobes * theta + phase) * Math.min(3, r / 25);
        const ridge = 0.5 + 0.5 * Math.cos((2 * Math.PI * r) / period + bend);
        const fade = Math.min(1, edge * 6);
        value = 255 - contrast * ridge * fade + grain * (noise() - 0.5);
      }
      pixels[y * IMAGE_WIDTH + x] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return sharp(pixels, { raw: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A minutiae record laid out as ISO/IEC 19794-2:2005 (finger minutiae record format): 24-byte record header,
 * one finger view of 4 bytes, 6 bytes per minutia, no extended data. The minutiae are made up.
 */
export function syntheticIsoTemplate(serial: string, finger: FingerName, quality: number): Buffer {
  const random = prng(seedOf("minutiae", serial, finger));
  const count = 28 + Math.floor(12 * random());
  const length = 24 + 4 + 6 * count + 2;
  const record = Buffer.alloc(length);
  record.write("FMR\0", 0, "latin1");
  record.write(" 20\0", 4, "latin1");
  record.writeUInt32BE(length, 8);
  record.writeUInt16BE(0, 12); // capture equipment certification / id: none
  record.writeUInt16BE(IMAGE_WIDTH, 14);
  record.writeUInt16BE(IMAGE_HEIGHT, 16);
  const pixelsPerCm = Math.round(RESOLUTION_DPI / 2.54);
  record.writeUInt16BE(pixelsPerCm, 18);
  record.writeUInt16BE(pixelsPerCm, 20);
  record.writeUInt8(1, 22); // one finger view
  record.writeUInt8(0, 23);
  record.writeUInt8(isoFingerPosition(finger), 24);
  record.writeUInt8(0, 25); // view 0, impression 0 (live-scan plain)
  record.writeUInt8(Math.round(Math.min(100, Math.max(0, quality))), 26);
  record.writeUInt8(count, 27);
  for (let i = 0; i < count; i++) {
    const offset = 28 + 6 * i;
    const type = random() < 0.5 ? 1 : 2; // ridge ending or bifurcation
    const x = 20 + Math.floor((IMAGE_WIDTH - 40) * random());
    const y = 30 + Math.floor((IMAGE_HEIGHT - 60) * random());
    record.writeUInt16BE((type << 14) | x, offset);
    record.writeUInt16BE(y, offset + 2);
    record.writeUInt8(Math.floor(256 * random()), offset + 4);
    record.writeUInt8(50 + Math.floor(50 * random()), offset + 5);
  }
  record.writeUInt16BE(0, length - 2); // extended data block length
  return record;
}

// ---------------------------------------------------------------------------------------------------------
// HTTP

type State = {
  connected: boolean;
  quality: number;
  fingerPresent: boolean;
  busy: boolean;
  fingerWaiters: Set<() => void>;
};

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

type CaptureRequest = { processHexId: string; finger: FingerName; timeoutMs: number };

function parseCaptureRequest(text: string | null): CaptureRequest | null {
  if (text === null) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { processHexId, finger = "right_index", timeoutMs = 20_000 } = body as Record<string, unknown>;
  if (typeof processHexId !== "string" || !/^[0-9a-f]{1,64}$/i.test(processHexId)) return null;
  if (!(fingerNames as readonly unknown[]).includes(finger)) return null;
  if (typeof timeoutMs !== "number" || !Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) return null;
  return { processHexId, finger: finger as FingerName, timeoutMs };
}

/** Resolves true when a finger is on the reader, false after timeoutMs or when the caller went away. */
function waitForFinger(state: State, timeoutMs: number, gone: AbortSignal): Promise<boolean> {
  if (state.fingerPresent) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      state.fingerWaiters.delete(onFinger);
      gone.removeEventListener("abort", onGone);
      resolve(value);
    };
    const onFinger = () => done(true);
    const onGone = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    state.fingerWaiters.add(onFinger);
    gone.addEventListener("abort", onGone, { once: true });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFingerprintBridgeSimulator(
  options: FingerprintBridgeSimulatorOptions = {},
): Promise<FingerprintBridgeSimulator> {
  const host = options.host ?? "127.0.0.1";
  const allowedOrigins = new Set(
    (options.allowedOrigins ?? [process.env.APP_BASE_URL ?? "http://localhost:3000"]).map((origin) => new URL(origin).origin),
  );
  const minQuality = options.minQuality ?? 40;
  const captureDelayMs = options.captureDelayMs ?? 0;
  const device = options.device ?? defaultDevice;
  const state: State = {
    connected: options.connected ?? true,
    quality: options.quality ?? 85,
    fingerPresent: options.fingerPresent ?? true,
    busy: false,
    fingerWaiters: new Set(),
  };
  const captures: string[] = [];
  let allowedHosts = new Set<string>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // DNS rebinding: a page whose name resolves to 127.0.0.1 sends its own name as Host.
    if (!allowedHosts.has((request.headers.host ?? "").toLowerCase())) {
      send(response, errorStatus.HOST_NOT_ALLOWED, { error: "HOST_NOT_ALLOWED" });
      return;
    }
    // Browsers send Origin on every cross-origin call; a page of another site is refused before anything
    // happens (CORS alone would only hide the answer, not stop the capture). No Origin: a local program.
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      send(response, errorStatus.ORIGIN_NOT_ALLOWED, { error: "ORIGIN_NOT_ALLOWED" }, { Vary: "Origin" });
      return;
    }
    const cors: Record<string, string> = origin ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : {};
    const path = new URL(request.url ?? "/", "http://bridge").pathname;

    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        ...cors,
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
        // Chrome's Private Network Access: a public page may reach a loopback server only when it opts in.
        ...(request.headers["access-control-request-private-network"] === "true" ? { "Access-Control-Allow-Private-Network": "true" } : {}),
      });
      response.end();
      return;
    }

    if (request.method === "GET" && path === "/v1/status") {
      send(response, 200, { connected: state.connected, device: state.connected ? device : null, version: SIMULATOR_VERSION }, cors);
      return;
    }

    if (request.method === "POST" && path === "/v1/capture") {
      const text = await readBody(request);
      if (!(request.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) {
        send(response, errorStatus.BAD_REQUEST, { error: "BAD_REQUEST" }, cors);
        return;
      }
      const capture = parseCaptureRequest(text);
      if (!capture) {
        send(response, errorStatus.BAD_REQUEST, { error: "BAD_REQUEST" }, cors);
        return;
      }
      captures.push(capture.processHexId);
      const fail = (code: BridgeErrorCode, extra: Record<string, unknown> = {}) =>
        send(response, errorStatus[code], { error: code, ...extra }, cors);
      if (!state.connected) return fail("READER_NOT_CONNECTED");
      if (state.busy) return fail("BUSY");
      state.busy = true;
      const gone = new AbortController();
      response.on("close", () => gone.abort());
      try {
        const placed = await waitForFinger(state, capture.timeoutMs, gone.signal);
        if (gone.signal.aborted) return;
        if (!placed) return fail("TIMEOUT");
        if (captureDelayMs > 0) await sleep(captureDelayMs);
        if (!state.connected) return fail("READER_NOT_CONNECTED");
        const quality = state.quality;
        if (quality < minQuality) return fail("LOW_QUALITY", { quality });
        const image = await syntheticFingerprintPng(device.serial, capture.finger, quality);
        const template = syntheticIsoTemplate(device.serial, capture.finger, quality);
        send(
          response,
          200,
          {
            template: template.toString("base64"),
            templateFormat: "ISO_19794_2_2005",
            image: image.toString("base64"),
            imageWidth: IMAGE_WIDTH,
            imageHeight: IMAGE_HEIGHT,
            resolutionDpi: RESOLUTION_DPI,
            quality,
            finger: capture.finger,
            capturedAt: new Date().toISOString(),
            device,
          },
          cors,
        );
      } finally {
        state.busy = false;
      }
      return;
    }

    send(response, errorStatus.NOT_FOUND, { error: "NOT_FOUND" }, cors);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error("[fingerprint-bridge-simulator]", error);
      if (!response.headersSent) send(response, 500, { error: "BRIDGE_ERROR" });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const hostInUrl = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    captures,
    setConnected(connected) {
      state.connected = connected;
    },
    setQuality(quality) {
      state.quality = quality;
    },
    setFingerPresent(present) {
      state.fingerPresent = present;
      if (present) for (const wake of [...state.fingerWaiters]) wake();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv: string[]): FingerprintBridgeSimulatorOptions {
  const options: FingerprintBridgeSimulatorOptions = { port: DEFAULT_BRIDGE_PORT, captureDelayMs: 300 };
  const origins: string[] = [];
  const number = (flag: string, value: string | undefined) => {
    const parsed = Number(value);
    if (value === undefined || !Number.isFinite(parsed)) throw new Error(`${flag} needs a number`);
    return parsed;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    switch (flag) {
      case "--port":
        options.port = number(flag, argv[++i]);
        break;
      case "--quality":
        options.quality = number(flag, argv[++i]);
        break;
      case "--min-quality":
        options.minQuality = number(flag, argv[++i]);
        break;
      case "--delay":
        options.captureDelayMs = number(flag, argv[++i]);
        break;
      case "--origin": {
        const origin = argv[++i];
        if (!origin) throw new Error("--origin needs a URL");
        origins.push(origin);
        break;
      }
      case "--disconnected":
        options.connected = false;
        break;
      case "--no-finger":
        options.fingerPresent = false;
        break;
      default:
        throw new Error(`Unknown option ${flag}`);
    }
  }
  if (origins.length > 0) options.allowedOrigins = origins;
  return options;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invokedDirectly) {
  const options = parseArgs(process.argv.slice(2));
  const simulator = await startFingerprintBridgeSimulator(options);
  console.log(
    `Fingerprint bridge simulator on ${simulator.url} (reader ${options.connected === false ? "disconnected" : "connected"}, quality ${options.quality ?? 85})`,
  );
  const stop = () => {
    void simulator.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
