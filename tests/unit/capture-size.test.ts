import { describe, expect, it } from "vitest";
import {
  containRect,
  coverCrop,
  idCardCanvas,
  imageQuality,
  isMobileUserAgent,
  isRetryableStatus,
  parseCanvasSize,
  retryDelayMs,
  selfieCanvas,
} from "@/lib/evidence/capture-size";

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

describe("the photo canvas from the capture configuration", () => {
  it("reads 'w;h' and falls back on anything else", () => {
    expect(parseCanvasSize("856;540", { width: 1, height: 1 })).toEqual({ width: 856, height: 540 });
    expect(parseCanvasSize(" 1280 x 720 ", { width: 1, height: 1 })).toEqual({ width: 1280, height: 720 });
    for (const bad of [undefined, "", "856", "a;b", "0;0", "99999;540", "856;540;3"]) {
      expect(parseCanvasSize(bad, { width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    }
  });

  it("sizes the ID by idcard_canvas_size and the selfie by canvas_width_height on phones, _desktop elsewhere", () => {
    const config = { idcard_canvas_size: "1000;630", canvas_width_height: "360;540", canvas_width_height_desktop: "800;600" };
    expect(idCardCanvas(config)).toEqual({ width: 1000, height: 630 });
    expect(selfieCanvas(config, true)).toEqual({ width: 360, height: 540 });
    expect(selfieCanvas(config, false)).toEqual({ width: 800, height: 600 });
    expect(idCardCanvas({})).toEqual({ width: 856, height: 540 });
    expect(selfieCanvas({}, true)).toEqual({ width: 320, height: 480 });
    expect(selfieCanvas({}, false)).toEqual({ width: 640, height: 480 });
  });

  it("tells phones from desktops by their user agent", () => {
    expect(isMobileUserAgent(iphone)).toBe(true);
    expect(isMobileUserAgent(android)).toBe(true);
    expect(isMobileUserAgent(desktop)).toBe(false);
  });

  it("reads idcard_image_quality as a 0-1 JPEG quality", () => {
    expect(imageQuality("0.92")).toBe(0.92);
    expect(imageQuality("85")).toBe(0.85);
    expect(imageQuality("0.1")).toBe(0.3);
    expect(imageQuality(undefined)).toBe(0.92);
    expect(imageQuality("mucha")).toBe(0.92);
  });
});

describe("framing", () => {
  it("crops a landscape camera frame to the ID card's shape, centred, as the preview shows it", () => {
    const crop = coverCrop({ width: 1280, height: 720 }, { width: 856, height: 540 });
    expect(crop.height).toBe(720);
    expect(crop.width).toBeCloseTo((720 * 856) / 540, 6);
    expect(crop.x).toBeCloseTo((1280 - crop.width) / 2, 6);
    expect(crop.y).toBe(0);
  });

  it("crops a landscape frame to a portrait selfie by its middle", () => {
    const crop = coverCrop({ width: 640, height: 480 }, { width: 320, height: 480 });
    expect(crop).toEqual({ x: 160, y: 0, width: 320, height: 480 });
  });

  it("fits a chosen portrait photo whole into the ID canvas", () => {
    const place = containRect({ width: 3024, height: 4032 }, { width: 856, height: 540 });
    expect(place.height).toBe(540);
    expect(place.width).toBeCloseTo(405, 6);
    expect(place.x).toBeCloseTo((856 - 405) / 2, 6);
  });
});

describe("retrying uploads", () => {
  it("backs off 1, 2, 4, 8, 16 seconds and then every 30, jittered by a fifth", () => {
    expect([1, 2, 3, 4, 5, 6, 12].map((n) => retryDelayMs(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retryDelayMs(1, () => 0)).toBe(800);
    expect(retryDelayMs(1, () => 1)).toBe(1200);
  });

  it("retries only when there was no final answer", () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(isRetryableStatus(status)).toBe(true);
    for (const status of [400, 401, 404, 409, 413]) expect(isRetryableStatus(status)).toBe(false);
  });
});
