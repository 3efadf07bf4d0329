// A presentation attack on the video liveness check: a still photo (printed, or on a phone) held in front of the
// camera, as the measurement made them (issue 14: slid, zoomed, tilted in plane, turned about its vertical
// axis, shaken by 3-8 px), plus the honest adversary who turns the picture exactly when each prompt asks.
//
//   npx tsx tests/media/attack-video.ts --photo P --kind still|slid|zoomed|tilted|turned|shaken|prompted-turn
//     [--prompts JSON|FILE] [--digits D] [--seconds 10] [--fps 15] [--seed N] --out FILE.webm
//
// The picture is a flat sheet in 3D (a white margin around the photo) seen by a pinhole camera (focal length = the
// frame's width, a webcam's ~53° field of view) in front of a plain room; each kind moves the sheet. Every frame is
// the exact projection of the sheet, so whatever the motion, the face's landmarks across frames fit one homography,
// as a real picture's do. ffmpeg adds a webcam's noise and blur and encodes VP8 + Opus (tests/media/media-kit.ts);
// the voice is espeak-ng reading --digits (a replayed or spoken voice; the picture's mouth does not move), else silence.
import { parseArgs } from "node:util";
import {
  blankPicture,
  isMain,
  type LivenessPrompt,
  parsePrompts,
  type Picture,
  promptedYaw,
  readPicture,
  seededRandom,
  speech,
  warpQuad,
  webmEncoder,
} from "./media-kit";

export const attackKinds = ["still", "slid", "zoomed", "tilted", "turned", "shaken", "prompted-turn"] as const;
export type AttackKind = (typeof attackKinds)[number];

export type AttackOptions = {
  photo: string;
  kind: AttackKind;
  out: string;
  prompts?: LivenessPrompt[];
  digits?: string;
  seconds?: number;
  fps?: number;
  seed?: number;
  width?: number;
  height?: number;
};

/** Where the sheet is: centre offset (px at the sheet's distance), distance factor, roll and yaw (radians). */
type Pose = { dx: number; dy: number; scale: number; roll: number; yaw: number };

function poseAt(kind: AttackKind, ms: number, yawForPrompts: (ms: number) => number, shake: () => [number, number]): Pose {
  const t = ms / 1000;
  const pose: Pose = { dx: 0, dy: 0, scale: 1, roll: 0, yaw: 0 };
  switch (kind) {
    case "still":
      break;
    case "slid":
      pose.dx = 90 * Math.sin((2 * Math.PI * t) / 4);
      pose.dy = 25 * Math.sin((2 * Math.PI * t) / 3);
      break;
    case "zoomed":
      pose.scale = 1 + 0.25 * Math.sin((2 * Math.PI * t) / 4);
      break;
    case "tilted":
      pose.roll = ((18 * Math.PI) / 180) * Math.sin((2 * Math.PI * t) / 4);
      break;
    case "turned":
      pose.yaw = ((32 * Math.PI) / 180) * Math.sin((2 * Math.PI * t) / 5);
      break;
    case "shaken":
      [pose.dx, pose.dy] = shake();
      break;
    case "prompted-turn":
      pose.yaw = yawForPrompts(ms);
      break;
  }
  return pose;
}

/** The sheet's corners seen by the camera: a plane rotated (roll, then yaw about its vertical axis) and projected. */
function project(pose: Pose, sheet: { width: number; height: number }, frame: { width: number; height: number }): [number, number][] {
  const focal = frame.width;
  const distance = focal / pose.scale;
  const half = [sheet.width / 2, sheet.height / 2];
  const corners: [number, number][] = [
    [-half[0]!, -half[1]!],
    [half[0]!, -half[1]!],
    [half[0]!, half[1]!],
    [-half[0]!, half[1]!],
  ];
  return corners.map(([x, y]) => {
    const rx = x * Math.cos(pose.roll) - y * Math.sin(pose.roll);
    const ry = x * Math.sin(pose.roll) + y * Math.cos(pose.roll);
    // yaw > 0 turns the sheet's right edge (the image's right) away, as a head turning to the person's left does.
    const wx = rx * Math.cos(pose.yaw);
    const wz = rx * Math.sin(pose.yaw);
    const z = distance + wz;
    return [frame.width / 2 + ((wx + pose.dx) * focal) / z, frame.height / 2 + ((ry + pose.dy) * focal) / z];
  });
}

/** A plain room: a lit wall with a soft gradient, a door frame and a shelf, the same in every frame. */
function room(width: number, height: number): Picture {
  const picture = blankPicture(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = 1 - 0.35 * Math.hypot((x - width * 0.3) / width, (y - height * 0.2) / height);
      let colour = [206 * light, 198 * light, 184 * light];
      if (x > width * 0.78 && x < width * 0.95 && y > height * 0.1) colour = [120 * light, 92 * light, 70 * light];
      if (y > height * 0.3 && y < height * 0.33 && x < width * 0.4) colour = [90 * light, 80 * light, 72 * light];
      picture.data.set(
        colour.map((c) => Math.round(c)),
        (y * width + x) * 3,
      );
    }
  }
  return picture;
}

/** The photo on a sheet: a white margin (6% of its height) around it. */
function sheetOf(photo: Picture): Picture {
  const margin = Math.round(photo.height * 0.06);
  const sheet = blankPicture(photo.width + 2 * margin, photo.height + 2 * margin);
  sheet.data.fill(242);
  for (let y = 0; y < photo.height; y++) {
    sheet.data.set(photo.data.subarray(y * photo.width * 3, (y + 1) * photo.width * 3), ((y + margin) * sheet.width + margin) * 3);
  }
  return sheet;
}

export async function makeAttackVideo(options: AttackOptions): Promise<void> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const fps = options.fps ?? 15;
  const seconds = options.seconds ?? 10;
  const random = seededRandom(options.seed ?? 1);
  // Held at arm's length: the sheet fills about 80% of the frame's height.
  const sheet = sheetOf(await readPicture(options.photo, { width: Math.round(width * 0.7), height: Math.round(height * 0.72) }));
  const background = room(width, height);
  const yawForPrompts = promptedYaw(options.prompts ?? [], random);
  const hand = () => [Math.sin, Math.cos].map((f) => f(random() * 2 * Math.PI)) as [number, number];
  const shake = (): [number, number] => {
    const magnitude = 3 + random() * 5;
    const [c, s] = hand();
    return [c * magnitude, s * magnitude];
  };
  const voice = speech(options.digits, seconds);
  try {
    const encoder = webmEncoder(options.out, { width, height, fps, audio: voice.wav });
    const frame = blankPicture(width, height);
    for (let index = 0; index < Math.round(seconds * fps); index++) {
      const pose = poseAt(options.kind, (index * 1000) / fps, yawForPrompts, shake);
      frame.data.set(background.data);
      warpQuad(frame, sheet, project(pose, sheet, { width, height }));
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
      photo: { type: "string" },
      kind: { type: "string" },
      prompts: { type: "string" },
      digits: { type: "string" },
      seconds: { type: "string", default: "10" },
      fps: { type: "string", default: "15" },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
    },
  });
  const kind = values.kind as AttackKind;
  if (!values.photo || !values.out || !attackKinds.includes(kind)) {
    console.error(`Usage: npx tsx tests/media/attack-video.ts --photo P --kind ${attackKinds.join("|")} [--prompts JSON] --out FILE.webm`);
    process.exit(2);
  }
  const prompts = parsePrompts(values.prompts);
  if (kind === "prompted-turn" && prompts.length === 0) throw new Error("--kind prompted-turn needs --prompts");
  await makeAttackVideo({
    photo: values.photo,
    kind,
    out: values.out,
    prompts,
    digits: values.digits,
    seconds: Number(values.seconds),
    fps: Number(values.fps),
    seed: Number(values.seed),
  });
}

if (isMain(import.meta.url)) await main();
