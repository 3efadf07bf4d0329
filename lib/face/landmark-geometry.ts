// Geometry of face-api's 68 landmarks (iBUG 300-W numbering: jaw 0-16, brows 17-26, nose bridge 27-30
// with the tip at 30, nostrils 31-35, eyes 36-47, outer lips 48-59, inner lips 60-67) for the liveness
// judge (lib/evidence/liveness-check.ts): how far the head is turned, how much of the change between
// two frames one plane explains, how open the mouth is. Distances are in face widths (the jaw's span,
// point 0 to point 16; the mouth in face heights), so that they do not depend on how near the camera the face is.

export type Point = { x: number; y: number };

/** Points that move with the skull: jaw line, eyes, nose (brows and lips move on their own). */
export const rigidPoints: readonly number[] = [...range(0, 16), ...range(27, 35), ...range(36, 47)];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const mean = (points: readonly Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/** The jaw's span (point 0 to 16): the face's width in the image. */
export function faceWidth(landmarks: readonly Point[]): number {
  return Math.max(1, Math.hypot(landmarks[16]!.x - landmarks[0]!.x, landmarks[16]!.y - landmarks[0]!.y));
}

/**
 * How far the head is turned: the nose tip's offset from the middle of the jaw line, along the eyes'
 * axis, in face widths. 0 facing the camera; positive when the nose is towards the image's right. In
 * the recording as the camera took it (not mirrored), a person who turns to THEIR left shows the nose
 * moving towards the image's right: turn_left makes this grow, turn_right makes it fall. A 3D head
 * turned 25° moves the nose tip ~0.15-0.2 face widths; a flat picture turned about its vertical axis
 * keeps it (the whole face narrows alike), and an in-plane tilt is followed by the eyes' axis.
 */
export function yawOf(landmarks: readonly Point[]): number {
  const leftEye = mean(landmarks.slice(36, 42));
  const rightEye = mean(landmarks.slice(42, 48));
  const axis = { x: rightEye.x - leftEye.x, y: rightEye.y - leftEye.y };
  const norm = Math.hypot(axis.x, axis.y) || 1;
  const middle = { x: (landmarks[0]!.x + landmarks[16]!.x) / 2, y: (landmarks[0]!.y + landmarks[16]!.y) / 2 };
  const nose = landmarks[30]!;
  return ((nose.x - middle.x) * axis.x + (nose.y - middle.y) * axis.y) / norm / faceWidth(landmarks);
}

/** The eyes' axis angle to the image's horizontal, in degrees: the head's in-plane tilt (roll). */
export function rollOf(landmarks: readonly Point[]): number {
  const leftEye = mean(landmarks.slice(36, 42));
  const rightEye = mean(landmarks.slice(42, 48));
  return (Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x) * 180) / Math.PI;
}

/**
 * The inner lips' opening (mean gap of the three inner pairs 61-67, 62-66, 63-65) in face heights (the
 * eyes' midpoint to the chin, point 8), not widths: a picture turned about its vertical axis narrows,
 * which would open its mouth in face widths; its heights stay.
 */
export function mouthOpening(landmarks: readonly Point[]): number {
  const gap = (a: number, b: number) => Math.hypot(landmarks[a]!.x - landmarks[b]!.x, landmarks[a]!.y - landmarks[b]!.y);
  const eyes = mean(landmarks.slice(36, 48));
  const height = Math.max(1, Math.hypot(landmarks[8]!.x - eyes.x, landmarks[8]!.y - eyes.y));
  return (gap(61, 67) + gap(62, 66) + gap(63, 65)) / 3 / height;
}

/** Mean distance the rigid points moved between two frames, in face widths: how much the face moved at all. */
export function displacement(from: readonly Point[], to: readonly Point[]): number {
  const width = (faceWidth(from) + faceWidth(to)) / 2;
  return rigidPoints.reduce((s, i) => s + Math.hypot(from[i]!.x - to[i]!.x, from[i]!.y - to[i]!.y), 0) / rigidPoints.length / width;
}

type Matrix3 = [number, number, number, number, number, number, number, number, number];

/** Hartley's normalisation: centroid to the origin, mean distance √2. */
function normaliser(points: readonly Point[]): Matrix3 {
  const c = mean(points);
  const spread = points.reduce((s, p) => s + Math.hypot(p.x - c.x, p.y - c.y), 0) / points.length || 1;
  const k = Math.SQRT2 / spread;
  return [k, 0, -k * c.x, 0, k, -k * c.y, 0, 0, 1];
}

const apply = (h: Matrix3, p: Point): Point => {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
};

/** The eigenvector of the smallest eigenvalue of a symmetric matrix (cyclic Jacobi rotations). */
function smallestEigenvector(matrix: number[][]): number[] {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): number => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p]![q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q]!;
        if (Math.abs(apq) < 1e-30) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let smallest = 0;
  for (let i = 1; i < n; i++) if (a[i]![i]! < a[smallest]![smallest]!) smallest = i;
  return v.map((row) => row[smallest]!);
}

/**
 * The homography that best maps `from` onto `to` (normalised DLT, least squares over all the points):
 * what a flat picture can do between two frames, however it is slid, zoomed, tilted, turned or shaken.
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): Matrix3 {
  const tFrom = normaliser(from);
  const tTo = normaliser(to);
  const ata = Array.from({ length: 9 }, () => new Array<number>(9).fill(0));
  for (let i = 0; i < from.length; i++) {
    const p = apply(tFrom, from[i]!);
    const q = apply(tTo, to[i]!);
    const rows = [
      [-p.x, -p.y, -1, 0, 0, 0, q.x * p.x, q.x * p.y, q.x],
      [0, 0, 0, -p.x, -p.y, -1, q.y * p.x, q.y * p.y, q.y],
    ];
    for (const row of rows)
      for (let r = 0; r < 9; r++) {
        const line = ata[r]!;
        for (let c = 0; c < 9; c++) line[c] = line[c]! + row[r]! * row[c]!;
      }
  }
  const hn = smallestEigenvector(ata) as Matrix3;
  // H = T_to⁻¹ · Hn · T_from; T_to is a scale and a shift, so its inverse is written out.
  const [k, , tx, , , ty] = tTo;
  const inverseTo: Matrix3 = [1 / k, 0, -tx / k, 0, 1 / k, -ty / k, 0, 0, 1];
  return multiply(multiply(inverseTo, hn), tFrom);
}

function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += a[r * 3 + k]! * b[k * 3 + c]!;
      out[r * 3 + c] = sum;
    }
  return out as Matrix3;
}

/**
 * How far the rigid points of two frames are from one plane's motion: the root mean square distance
 * between each point of `to` and where the best homography takes its point of `from`, in face widths.
 * A picture, whatever is done with it, stays at the landmarks' jitter; a head that turns does not,
 * because its nose stands out of the plane of its cheeks and jaw (parallax).
 */
export function planarResidual(from: readonly Point[], to: readonly Point[]): number {
  const a = rigidPoints.map((i) => from[i]!);
  const b = rigidPoints.map((i) => to[i]!);
  const h = fitHomography(a, b);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const mapped = apply(h, a[i]!);
    sum += (mapped.x - b[i]!.x) ** 2 + (mapped.y - b[i]!.y) ** 2;
  }
  return Math.sqrt(sum / a.length) / faceWidth(to);
}
