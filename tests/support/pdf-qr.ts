import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import sharp from "sharp";

const run = promisify(execFile);

/**
 * Every QR code among the images drawn on a PDF file's first page, decoded (pdfimages extracts them as drawn, into the
 * file's folder). The certificates' QR codes lead to /validateDocs/{id}.
 */
export async function qrCodes(file: string): Promise<string[]> {
  const dir = path.dirname(file);
  await run("pdfimages", ["-f", "1", "-l", "1", "-png", file, path.join(dir, "qr")]);
  const images = (await readdir(dir)).filter((name) => name.startsWith("qr-") && name.endsWith(".png"));
  const decoded = await Promise.all(
    images.map(async (name) => {
      const { data, info } = await sharp(await readFile(path.join(dir, name)))
        .flatten({ background: "#ffffff" })
        .extend({ top: 16, bottom: 16, left: 16, right: 16, background: "#ffffff" })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
    }),
  );
  return decoded.filter((text): text is string => Boolean(text));
}
