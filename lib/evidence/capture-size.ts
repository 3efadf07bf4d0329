/**
 * The photo capture's geometry and quality from the capture configuration (spec §3): pure functions
 * the capture pages and their camera component share.
 */

export type CanvasSize = { width: number; height: number };

/** Config values the photo steps read (data.captureConfig of the signature process data). */
export type PhotoConfig = Partial<
  Record<"idcard_canvas_size" | "idcard_image_quality" | "canvas_width_height" | "canvas_width_height_desktop", string>
>;

const defaults = {
  idCard: { width: 856, height: 540 },
  selfieMobile: { width: 320, height: 480 },
  selfieDesktop: { width: 640, height: 480 },
  quality: 0.92,
} as const;

/** "w;h" (also "w,h" or "wxh"), each between 16 and 4096 pixels; anything else gives the fallback. */
export function parseCanvasSize(value: string | undefined, fallback: CanvasSize): CanvasSize {
  const match = /^\s*(\d{2,4})\s*[;,x×]\s*(\d{2,4})\s*$/i.exec(value ?? "");
  if (!match) return { ...fallback };
  const width = Number(match[1]);
  const height = Number(match[2]);
  const fits = (n: number) => n >= 16 && n <= 4096;
  return fits(width) && fits(height) ? { width, height } : { ...fallback };
}

/** idcard_image_quality as canvas.toBlob wants it: 0 to 1 ("92" is read as a percentage). */
export function imageQuality(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return defaults.quality;
  const q = n > 1 ? n / 100 : n;
  return Math.min(1, Math.max(0.3, q));
}

/** The ID photo's canvas: idcard_canvas_size. */
export function idCardCanvas(config: PhotoConfig): CanvasSize {
  return parseCanvasSize(config.idcard_canvas_size, defaults.idCard);
}

/** The selfie's canvas: canvas_width_height on a phone or tablet, canvas_width_height_desktop elsewhere. */
export function selfieCanvas(config: PhotoConfig, mobile: boolean): CanvasSize {
  return mobile
    ? parseCanvasSize(config.canvas_width_height, defaults.selfieMobile)
    : parseCanvasSize(config.canvas_width_height_desktop, defaults.selfieDesktop);
}

/** Phones and tablets by their user agent (iPadOS asks for desktop pages but says "Macintosh" with touch, which only the browser knows). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile|Silk\//i.test(userAgent);
}

export type Rect = { x: number; y: number; width: number; height: number };

/**
 * The part of a source frame that fills the target like CSS object-fit: cover (centred), so the
 * photo is what the preview, shown the same way, let the signer frame.
 */
export function coverCrop(source: CanvasSize, target: CanvasSize): Rect {
  const scale = Math.max(target.width / source.width, target.height / source.height);
  const width = target.width / scale;
  const height = target.height / scale;
  return { x: (source.width - width) / 2, y: (source.height - height) / 2, width, height };
}

/**
 * Where a whole picture goes in the target like object-fit: contain (centred, never enlarged past
 * the target): a chosen file keeps everything it shows.
 */
export function containRect(source: CanvasSize, target: CanvasSize): Rect {
  const scale = Math.min(target.width / source.width, target.height / source.height);
  const width = source.width * scale;
  const height = source.height * scale;
  return { x: (target.width - width) / 2, y: (target.height - height) / 2, width, height };
}

/**
 * Seconds to wait before trying a failed upload again: 1, 2, 4, 8, 16, then every 30, with up to
 * a fifth more or less so that many phones coming back online do not retry in step.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Whether a failed upload is worth sending again as it is: no answer at all (offline, dropped), a
 * timeout, too many requests or a server error. Any other answer is the server's final word on it.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 425 || status === 429 || status >= 500;
}
