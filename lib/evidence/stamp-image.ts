import sharp from "sharp";

export type ImageStamp = { capturedAt: string; processHexId: string; place: string | null };

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

/**
 * Stamps a captured photo with when, for which process and where it was taken (a band along the
 * bottom edge), and keeps it as JPEG at the capture configuration's quality. The stamp is part of
 * the stored evidence, so the hash covers it.
 */
export async function stampImage(bytes: Uint8Array, stamp: ImageStamp, quality: number, maxSide = 2400): Promise<Buffer> {
  // Decoded once to raw pixels (no intermediate re-encoding), turned upright, transparency on white.
  const base = sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .toColourspace("srgb");
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const size = Math.max(11, Math.round(info.width / 45));
  const lines = [stamp.capturedAt, `Rúbrica · ${stamp.processHexId}`, ...(stamp.place ? [stamp.place] : [])];
  // Never taller than the photo: sharp refuses an overlay bigger than its base.
  const band = Math.min(info.height, Math.round(size * 1.35 * lines.length + size * 0.8));
  const text = lines
    .map(
      (line, index) =>
        `<text x="${Math.round(size * 0.6)}" y="${Math.round(size * 1.35 * (index + 1))}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${info.width}" height="${band}"><rect width="100%" height="100%" fill="#000000" fill-opacity="0.55"/>${text}</svg>`;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: Buffer.from(svg), top: Math.max(0, info.height - band), left: 0 }])
    .jpeg({ quality: Math.round(Math.min(1, Math.max(0.3, quality)) * 100), mozjpeg: true })
    .toBuffer();
}
