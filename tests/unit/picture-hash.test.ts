import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pictureDistance, pictureHash, samePicture, samePictureMaxDistance } from "@/lib/face/picture-hash";

// "The same picture" for the ID's rear and the selfie (lib/evidence/document-check.ts): a perceptual
// hash that survives what a phone or a resend does to a photo, and tells different pictures apart.

/** A picture with structure at several scales: coloured squares and a ring on grey, seeded. */
function scene(seed: number): Promise<Buffer> {
  const squares = Array.from({ length: 30 }, (_, i) => {
    const k = (i + 1) * (seed + 3);
    return `<rect x="${(k * 53) % 600}" y="${(k * 37) % 440}" width="${30 + (k % 50)}" height="${30 + ((k * 7) % 50)}" fill="hsl(${(k * 29) % 360},70%,${30 + (k % 40)}%)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#777"/>${squares}<circle cx="${200 + seed * 40}" cy="240" r="90" fill="none" stroke="#111" stroke-width="14"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

describe("picture hashes", () => {
  it("are 64 bits, the same for the same bytes", async () => {
    const picture = await scene(1);
    const hash = await pictureHash(picture);
    expect(hash).toMatch(/^[01]{64}$/);
    expect(await pictureHash(new Uint8Array(picture))).toBe(hash);
    expect(pictureDistance(hash, hash)).toBe(0);
  });

  it("keep a picture the same when it is re-encoded, made smaller, brightened or turned by its EXIF orientation", async () => {
    const picture = await scene(2);
    const hash = await pictureHash(picture);
    const variants = [
      await sharp(picture).jpeg({ quality: 55 }).toBuffer(),
      await sharp(picture).resize({ width: 320 }).toBuffer(),
      await sharp(picture).modulate({ brightness: 1.15 }).toBuffer(),
      await sharp(picture).png().toBuffer(),
      // Stored upside down with orientation 3: shown (and hashed) upright.
      await sharp(picture).rotate(180).withMetadata({ orientation: 3 }).jpeg().toBuffer(),
    ];
    for (const variant of variants) {
      const distance = pictureDistance(hash, await pictureHash(variant));
      expect(distance).toBeLessThanOrEqual(samePictureMaxDistance);
      expect(samePicture(hash, await pictureHash(variant))).toBe(true);
    }
  });

  it("tell different pictures apart, a mirrored one too", async () => {
    const hashes = await Promise.all([1, 2, 3, 4].map(async (seed) => pictureHash(await scene(seed))));
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++) expect(pictureDistance(hashes[i]!, hashes[j]!)).toBeGreaterThan(samePictureMaxDistance);
    const mirrored = await pictureHash(
      await sharp(await scene(1))
        .flop()
        .toBuffer(),
    );
    expect(samePicture(hashes[0]!, mirrored)).toBe(false);
  });

  it("refuses to compare hashes of different lengths", () => {
    expect(() => pictureDistance("0101", "01")).toThrow();
  });
});
