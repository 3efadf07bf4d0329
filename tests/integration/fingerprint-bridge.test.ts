import { request as httpRequest } from "node:http";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { captureFingerprint, checkBridge, type FingerprintCaptureResult } from "@/lib/evidence/fingerprint-bridge-client";
import { startFingerprintBridgeSimulator, type FingerprintBridgeSimulator } from "@/tools/fingerprint-bridge/simulator";

// The browser client against the bridge simulator on loopback (docs/fingerprint-bridge.md).
const slot = Number(process.env.TEST_SLOT ?? 0);
const port = 2627 + 10 * slot;
const appOrigin = "http://localhost:3000";
const processHexId = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let bridge: FingerprintBridgeSimulator;

beforeAll(async () => {
  bridge = await startFingerprintBridgeSimulator({ port, allowedOrigins: [appOrigin], quality: 82 });
});

afterAll(async () => {
  await bridge.close();
});

afterEach(() => {
  bridge.setConnected(true);
  bridge.setQuality(82);
  bridge.setFingerPresent(true);
});

function expectCaptured(result: FingerprintCaptureResult) {
  if (!result.ok) throw new Error(`capture failed: ${result.code} (${result.reason})`);
  return result.capture;
}

/** A raw HTTP request, to send what a browser would (Origin, Host) and see the headers. */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: bridge.port, path, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A loopback port on which nothing listens: taken from the OS, then released. */
async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: free } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

describe("fingerprint bridge: status", () => {
  it("reports the connected reader", async () => {
    const result = await checkBridge(bridge.url);
    expect(result).toMatchObject({
      ok: true,
      device: { vendor: expect.any(String), model: expect.any(String), serial: expect.any(String) },
    });
  });

  it("reads a disconnected reader as 'reader not connected or app off'", async () => {
    bridge.setConnected(false);
    const result = await checkBridge(bridge.url);
    expect(result).toMatchObject({
      ok: false,
      code: "READER_NOT_CONNECTED",
      messageKey: "errors.READER_NOT_CONNECTED",
      reason: "reader-disconnected",
    });
  });

  it("reads a bridge that is not running as the same message", async () => {
    const result = await checkBridge(`http://127.0.0.1:${await freePort()}`);
    expect(result).toMatchObject({
      ok: false,
      code: "READER_NOT_CONNECTED",
      messageKey: "errors.READER_NOT_CONNECTED",
      reason: "bridge-unreachable",
    });
  });

  it("reads a bridge that never answers as the same message, after the timeout", async () => {
    // Accepts the connection and says nothing, as a hung app would.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      socket.on("error", () => undefined);
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port: silentPort } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const result = await checkBridge(`http://127.0.0.1:${silentPort}`, { timeoutMs: 300 });
      expect(result).toMatchObject({ ok: false, code: "READER_NOT_CONNECTED", reason: "bridge-timeout" });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("fingerprint bridge: capture", () => {
  it("returns a PNG image, an ISO/IEC 19794-2 template and the quality", async () => {
    const capture = expectCaptured(await captureFingerprint(bridge.url, processHexId, { finger: "left_thumb" }));
    expect(capture.quality).toBe(82);
    expect(capture.finger).toBe("left_thumb");
    expect(new Date(capture.capturedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const png = Buffer.from(capture.image ?? "", "base64");
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: "png", width: capture.imageWidth, height: capture.imageHeight });
    expect(metadata.width).toBeGreaterThanOrEqual(200);
    expect(metadata.height).toBeGreaterThanOrEqual(200);
    const template = Buffer.from(capture.template, "base64");
    expect(capture.templateFormat).toBe("ISO_19794_2_2005");
    expect(template.subarray(0, 8).toString("latin1")).toBe("FMR\0 20\0");
    expect(template.readUInt32BE(8)).toBe(template.length);
    expect(template.readUInt8(24)).toBe(6); // finger position: left thumb
    expect(bridge.captures).toContain(processHexId);
  });

  it("draws the same finger identically every time, and different fingers differently", async () => {
    const first = expectCaptured(await captureFingerprint(bridge.url, processHexId));
    const second = expectCaptured(await captureFingerprint(bridge.url, processHexId));
    const other = expectCaptured(await captureFingerprint(bridge.url, processHexId, { finger: "right_middle" }));
    expect(second.image).toBe(first.image);
    expect(second.template).toBe(first.template);
    expect(other.image).not.toBe(first.image);
  });

  it("answers READER_NOT_CONNECTED when the reader is unplugged", async () => {
    bridge.setConnected(false);
    const result = await captureFingerprint(bridge.url, processHexId);
    expect(result).toMatchObject({ ok: false, code: "READER_NOT_CONNECTED", messageKey: "errors.READER_NOT_CONNECTED", status: 503 });
  });

  it("gives the same user-facing message when nothing listens", async () => {
    const result = await captureFingerprint(`http://127.0.0.1:${await freePort()}`, processHexId);
    expect(result).toMatchObject({
      ok: false,
      code: "READER_NOT_CONNECTED",
      messageKey: "errors.READER_NOT_CONNECTED",
      reason: "bridge-unreachable",
    });
  });

  it("answers LOW_QUALITY with the measured quality", async () => {
    bridge.setQuality(20);
    const result = await captureFingerprint(bridge.url, processHexId);
    expect(result).toMatchObject({ ok: false, code: "LOW_QUALITY", messageKey: "errors.LOW_QUALITY", quality: 20, status: 422 });
  });

  it("answers TIMEOUT when no finger is placed, and BUSY to a second capture meanwhile", async () => {
    bridge.setFingerPresent(false);
    const waiting = captureFingerprint(bridge.url, processHexId, { captureTimeoutMs: 600 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await captureFingerprint(bridge.url, processHexId, { captureTimeoutMs: 600 });
    expect(second).toMatchObject({ ok: false, code: "BUSY", messageKey: "errors.BUSY" });
    expect(await waiting).toMatchObject({ ok: false, code: "TIMEOUT", messageKey: "errors.TIMEOUT" });
  });

  it("completes a waiting capture once the finger is placed", async () => {
    bridge.setFingerPresent(false);
    const waiting = captureFingerprint(bridge.url, processHexId, { captureTimeoutMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    bridge.setFingerPresent(true);
    expect((await waiting).ok).toBe(true);
  });
});

describe("fingerprint bridge: who may call it", () => {
  it("allows the Rúbrica origin through CORS, preflight included", async () => {
    const preflight = await raw("/v1/capture", {
      method: "OPTIONS",
      headers: {
        Origin: appOrigin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
        "Access-Control-Request-Private-Network": "true",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(appOrigin);
    expect(String(preflight.headers["access-control-allow-methods"])).toContain("POST");
    expect(preflight.headers["access-control-allow-private-network"]).toBe("true");
    const status = await raw("/v1/status", { headers: { Origin: appOrigin } });
    expect(status.status).toBe(200);
    expect(status.headers["access-control-allow-origin"]).toBe(appOrigin);
  });

  it("refuses another site's origin before capturing, without CORS headers", async () => {
    const before = bridge.captures.length;
    const capture = await raw("/v1/capture", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ processHexId }),
    });
    expect(capture.status).toBe(403);
    expect(JSON.parse(capture.body)).toEqual({ error: "ORIGIN_NOT_ALLOWED" });
    expect(capture.headers["access-control-allow-origin"]).toBeUndefined();
    expect(bridge.captures.length).toBe(before);
    const preflight = await raw("/v1/capture", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("tells a client that its origin is refused", async () => {
    const wrongOrigin: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: "http://localhost:3999" } });
    const result = await captureFingerprint(bridge.url, processHexId, { fetch: wrongOrigin });
    expect(result).toMatchObject({ ok: false, code: "ORIGIN_NOT_ALLOWED", status: 403 });
  });

  it("refuses a non-loopback Host (DNS rebinding)", async () => {
    const status = await raw("/v1/status", { headers: { Host: `rebind.evil.example:${bridge.port}` } });
    expect(status.status).toBe(403);
    expect(JSON.parse(status.body)).toEqual({ error: "HOST_NOT_ALLOWED" });
  });
});
