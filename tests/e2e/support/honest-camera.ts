import { existsSync, readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { fakeCameraFrame } from "../../media/media-kit";
import { ensureFakeCaptureFiles } from "../../support/test-media";

/*
 * honestCamera: the scene in front of the camera for each photo, as a signer would show it.
 *
 * Chromium's fake camera (playwright.config.ts: --use-file-for-fake-video-capture, a real face) shows
 * the same scene for every shot. The upload checks (lib/evidence/document-check.ts) rightly refuse an
 * ID rear that is the same picture as the front, and a selfie that is the same picture as the ID. This
 * helper wraps navigator.mediaDevices.getUserMedia in the page so the camera shows what is asked for:
 *   - the ID's front: a drawn ID card whose holder photo is the live camera (the real face, moving);
 *   - the ID's rear: a drawn card rear (address, chip, machine-readable zone), no face;
 *   - the video step: the camera stream itself, except while the page shows a liveness prompt (below);
 *   - the selfie and anything else: the camera stream itself, unchanged.
 * The face stays real, so face detection and matching run for real on the ID photo and on the selfie.
 *
 * The video step's prompts (lib/evidence/video-challenge.ts: "turn your head to your left/right" at random moments)
 * are answered honestly: a looping video of a person cannot turn when asked, so while the page shows
 * data-testid="liveness-prompt" data-action="turn_left|turn_right" (and for a moment after), the camera shows that
 * person's real head turned that way. The head is the 3D mesh of one frame of the fake camera's own video
 * (tests/e2e/support/honest-head.json, made by tests/media/honest-head-mesh.ts with @vladmandic/human's facemesh
 * and a head's depth), textured in the page with that frame's pixels (read from face.y4m when the test starts) and
 * drawn with 2D canvas triangle texture mapping, turned 30° about the neck's axis towards the person's left or
 * right (un-mirrored: the person's left moves the nose to the image's right), a human reaction time after the prompt
 * appears and back to frontal after it goes; its mouth opens with the microphone's loudness (the fake microphone
 * reads digits). Between the prompts the same head faces the camera, its mouth still following the voice. The face stays the person of
 * the ID and the selfie, so the match is real; the turn carries a real head's parallax, so the server's judge
 * (lib/evidence/liveness-check.ts) is tested, not bypassed.
 *
 * Why this does not weaken production: nothing here reaches the product. The page and the server are the ones
 * users get; this script is injected by Playwright into the test browser only, as a person would answer in front
 * of a real camera, and the server judges the uploaded video exactly as it judges any other. The product has no
 * test switch, no trusted client flag and no way to tell this camera from a real one; a camera that turned a
 * picture by homography instead (tests/media/attack-video.ts, kind prompted-turn) is refused by the same judge.
 *
 * Which capture is current is read from what the page shows, nothing test-only: the photo step
 * (components/signing/photo-step-screen.tsx, used by the signature and the validation process) renders
 * data-testid="photo-step" data-step="ID_PHOTO" | "SELFIE", and marks the front done with
 * data-testid="photo-side-ID_FRONT" data-done="true" once it is taken. On an ID_PHOTO page the card's
 * front is drawn until the front is done, its rear after; every frame asks again.
 *
 * Use: before the page opens the link, in a spec or a beforeEach,
 *   import { honestCamera } from "./support/honest-camera";
 *   test.beforeEach(({ context }) => honestCamera(context));   // every page of the context, later ones too
 * or honestCamera(page) for one page.
 */
export async function honestCamera(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(installHonestCamera, honestHead());
}

/** The head to turn and its texture (the frame it was measured on, as a data URL); null without the fake camera. */
type HonestHead = {
  width: number;
  height: number;
  vertices: [number, number, number][];
  triangles: number[];
  mouthFan: number[];
  outline: number[];
  ring: [number, number][];
  mouthWeights: number[];
  mouthDrop: number;
  axis: { x: number; y: number; z: number };
  texture: string;
};

function honestHead(): HonestHead | null {
  const capture = ensureFakeCaptureFiles();
  const file = new URL("./honest-head.json", import.meta.url);
  if (!capture || !existsSync(file)) return null;
  const head = JSON.parse(readFileSync(file, "utf8")) as Omit<HonestHead, "texture"> & { frame: number };
  const texture = `data:image/jpeg;base64,${fakeCameraFrame(capture.video, head.frame, "mjpeg").toString("base64")}`;
  return { ...head, texture };
}

/** Runs in the page, before its scripts (addInitScript): self-contained. */
function installHonestCamera(head: HonestHead | null) {
  const devices = navigator.mediaDevices as MediaDevices | undefined;
  if (!devices?.getUserMedia) return;
  const camera = devices.getUserMedia.bind(devices);

  const photographingId = () => document.querySelector('[data-testid="photo-step"]')?.getAttribute("data-step") === "ID_PHOTO";
  const frontDone = () => document.querySelector('[data-testid="photo-side-ID_FRONT"]')?.getAttribute("data-done") === "true";

  const width = 1280;
  const height = 960;
  // The card as an ID-1 card (85.6 × 54 mm) filling most of the frame, as someone aims at it.
  const card = { x: 90, y: 130, width: 1100, height: Math.round((1100 * 54) / 85.6) };

  function roundedCard(context: CanvasRenderingContext2D, fill: string, stroke: string) {
    context.beginPath();
    context.roundRect(card.x, card.y, card.width, card.height, 36);
    context.fillStyle = fill;
    context.fill();
    context.lineWidth = 6;
    context.strokeStyle = stroke;
    context.stroke();
  }

  function drawFront(context: CanvasRenderingContext2D, video: HTMLVideoElement) {
    context.fillStyle = "#57534e"; // a table
    context.fillRect(0, 0, width, height);
    roundedCard(context, "#dbeafe", "#1e3a8a");
    context.fillStyle = "#1e3a8a";
    context.fillRect(card.x, card.y + 30, card.width, 70);
    context.fillStyle = "#ffffff";
    context.font = "bold 40px 'DejaVu Sans', sans-serif";
    context.fillText("DOCUMENTO NACIONAL DE IDENTIDAD", card.x + 60, card.y + 80);
    // The holder's photo: the live camera, cropped to a portrait around the middle of its frame.
    const photo = { x: card.x + 50, y: card.y + 140, width: 330, height: 420 };
    const source = video.videoWidth && video.videoHeight ? { width: video.videoWidth, height: video.videoHeight } : null;
    if (source) {
      const cropHeight = source.height * 0.9;
      const cropWidth = (cropHeight * photo.width) / photo.height;
      context.drawImage(video, (source.width - cropWidth) / 2, 0, cropWidth, cropHeight, photo.x, photo.y, photo.width, photo.height);
    }
    context.lineWidth = 3;
    context.strokeStyle = "#1e3a8a";
    context.strokeRect(photo.x, photo.y, photo.width, photo.height);
    const fields: [string, string][] = [
      ["APELLIDOS", "ESPAÑOLA ESPAÑOLA"],
      ["NOMBRE", "FRANCK"],
      ["SEXO / NACIONALIDAD", "M   ESP"],
      ["FECHA DE NACIMIENTO", "01 01 1980"],
      ["DNI", "12345678Z"],
    ];
    fields.forEach(([name, value], index) => {
      const y = card.y + 170 + index * 80;
      context.fillStyle = "#475569";
      context.font = "22px 'DejaVu Sans', sans-serif";
      context.fillText(name, card.x + 430, y);
      context.fillStyle = "#0f172a";
      context.font = "bold 34px 'DejaVu Sans', sans-serif";
      context.fillText(value, card.x + 430, y + 40);
    });
  }

  function drawRear(context: CanvasRenderingContext2D) {
    context.fillStyle = "#57534e";
    context.fillRect(0, 0, width, height);
    roundedCard(context, "#f1f5f9", "#334155");
    context.fillStyle = "#0f172a";
    context.font = "26px 'DejaVu Sans', sans-serif";
    context.fillText("DOMICILIO  C. MAYOR 1", card.x + 60, card.y + 90);
    context.fillText("LUGAR DE NACIMIENTO  MADRID", card.x + 60, card.y + 140);
    context.fillText("HIJO/A DE  JUAN / MARÍA", card.x + 60, card.y + 190);
    // The chip.
    context.fillStyle = "#ca8a04";
    context.fillRect(card.x + card.width - 260, card.y + 60, 170, 130);
    // A barcode.
    context.fillStyle = "#0f172a";
    for (let bar = 0, x = card.x + 60; x < card.x + 700; bar++) {
      const barWidth = 3 + ((bar * 7) % 5) * 2;
      context.fillRect(x, card.y + 230, barWidth, 90);
      x += barWidth + 4 + ((bar * 3) % 4);
    }
    // The machine-readable zone.
    context.fillStyle = "#ffffff";
    context.fillRect(card.x + 30, card.y + card.height - 250, card.width - 60, 220);
    context.fillStyle = "#000000";
    context.font = "44px 'DejaVu Sans Mono', monospace";
    const mrz = ["IDESPBAA000589599999999972<<<<", "8001014M3001018ESP<<<<<<<<<<<6", "ESPANOLA<ESPANOLA<<FRANCK<<<<<"];
    mrz.forEach((line, index) => context.fillText(line, card.x + 60, card.y + card.height - 180 + index * 60));
  }

  /** The video step's camera: the stream's frames, or the head turned while a prompt is shown. */
  async function answeringPrompts(stream: MediaStream, head: HonestHead): Promise<MediaStream> {
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const texture = new Image();
    texture.src = head.texture;
    await texture.decode();
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth || head.width;
    canvas.height = video.videoHeight || head.height;
    const context = canvas.getContext("2d")!;
    const [sx, sy] = [canvas.width / head.width, canvas.height / head.height];

    // The voice's loudness opens the mouth (a person reading the digits).
    let loudness = () => 0;
    try {
      const audio = new AudioContext();
      // Started at once (the browser tests launch Chromium with --autoplay-policy=no-user-gesture-required).
      void audio.resume();
      const analyser = audio.createAnalyser();
      analyser.fftSize = 1024;
      audio.createMediaStreamSource(new MediaStream(stream.getAudioTracks())).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let peak = 0.02;
      loudness = () => {
        analyser.getFloatTimeDomainData(samples);
        const rms = Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
        peak = Math.max(peak * 0.999, rms);
        return Math.min(1, rms / peak);
      };
    } catch {
      // No Web Audio: the mouth stays closed.
    }

    const smooth = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
    const degrees30 = Math.PI / 6;
    // The current answer: the prompt's direction (+1 = the person's left), when it was seen and when it went.
    let answer: { sign: number; shownAt: number; goneAt: number | null } | null = null;
    const yawNow = (now: number) => {
      const prompt = document.querySelector('[data-testid="liveness-prompt"]');
      const action = prompt?.getAttribute("data-action");
      if (prompt && (action === "turn_left" || action === "turn_right")) {
        const sign = action === "turn_left" ? 1 : -1;
        if (!answer || answer.goneAt !== null || answer.sign !== sign) answer = { sign, shownAt: now, goneAt: null };
      } else if (answer && answer.goneAt === null) answer.goneAt = now;
      if (!answer) return 0;
      const turned = smooth((now - answer.shownAt - 400) / 500);
      const back = answer.goneAt === null ? 0 : smooth((now - answer.goneAt - 150) / 500);
      if (back >= 1) answer = null;
      return answer ? answer.sign * degrees30 * turned * (1 - back) : 0;
    };

    function drawTriangle(source: number[], target: number[], fill?: string) {
      const [x0, y0, x1, y1, x2, y2] = target as [number, number, number, number, number, number];
      // Grown by half a pixel around its centre, so that neighbours overlap and no seam shows.
      const [cx, cy] = [(x0 + x1 + x2) / 3, (y0 + y1 + y2) / 3];
      const grow = (x: number, y: number) => {
        const length = Math.hypot(x - cx, y - cy) || 1;
        return [x + ((x - cx) / length) * 0.6, y + ((y - cy) / length) * 0.6] as const;
      };
      context.save();
      context.beginPath();
      context.moveTo(...grow(x0, y0));
      context.lineTo(...grow(x1, y1));
      context.lineTo(...grow(x2, y2));
      context.closePath();
      if (fill) {
        context.fillStyle = fill;
        context.fill();
        context.restore();
        return;
      }
      context.clip();
      const [u0, v0, u1, v1, u2, v2] = source as [number, number, number, number, number, number];
      const det = (u1 - u0) * (v2 - v0) - (u2 - u0) * (v1 - v0);
      if (Math.abs(det) > 1e-6) {
        const a = ((x1 - x0) * (v2 - v0) - (x2 - x0) * (v1 - v0)) / det;
        const c = ((x2 - x0) * (u1 - u0) - (x1 - x0) * (u2 - u0)) / det;
        const b = ((y1 - y0) * (v2 - v0) - (y2 - y0) * (v1 - v0)) / det;
        const d = ((y2 - y0) * (u1 - u0) - (y1 - y0) * (u2 - u0)) / det;
        context.setTransform(a, b, c, d, x0 - a * u0 - c * v0, y0 - b * u0 - d * v0);
        // Only the triangle's part of the texture (with a pixel's margin): drawing the whole frame per triangle is slow.
        const [left, top] = [Math.max(0, Math.floor(Math.min(u0, u1, u2)) - 1), Math.max(0, Math.floor(Math.min(v0, v1, v2)) - 1)];
        const right = Math.min(texture.naturalWidth, Math.ceil(Math.max(u0, u1, u2)) + 1);
        const bottom = Math.min(texture.naturalHeight, Math.ceil(Math.max(v0, v1, v2)) + 1);
        if (right > left && bottom > top)
          context.drawImage(texture, left, top, right - left, bottom - top, left, top, right - left, bottom - top);
      }
      context.restore();
    }

    function drawHead(yaw: number) {
      context.drawImage(texture, 0, 0, canvas.width, canvas.height);
      // Syllables while reading the digits aloud: the mouth opens and closes about four times a second, wider with the
      // microphone's loudness (a person reading moves their lips whether or not the page hears each syllable).
      const syllable = 0.5 + 0.5 * Math.sin((performance.now() / 1000) * 2 * Math.PI * 3.7);
      const open = Math.max(loudness(), syllable) * head.mouthDrop;
      const [cos, sin] = [Math.cos(yaw), Math.sin(yaw)];
      const { x: ax, z: az } = head.axis;
      // Turned about the neck's vertical axis; yaw > 0 moves the nose (nearer, smaller z) to the image's right.
      const moved = head.vertices.map(([x, y, z], i) => {
        const [dx, dz] = [x - ax, z - az];
        return [(ax + dx * cos - dz * sin) * sx, (y + open * head.mouthWeights[i]!) * sy, az + dx * sin + dz * cos] as const;
      });
      // Held upright, as a person facing a camera to read aloud does: the frame the mesh was made from has the head
      // tilted (eyes' outer corners, mesh points 33 and 263, not level), so the whole head turns back by that angle.
      const [e0, e1] = [head.vertices[33]!, head.vertices[263]!];
      const tilt = Math.atan2((e1[1] - e0[1]) * sy, (e1[0] - e0[0]) * sx);
      const [pivotX, pivotY] = [((e0[0] + e1[0]) / 2) * sx, ((e0[1] + e1[1]) / 2) * sy];
      const [rc, rs] = [Math.cos(-tilt), Math.sin(-tilt)];
      for (let i = 0; i < moved.length; i++) {
        const [x, y, z] = moved[i]!;
        moved[i] = [pivotX + (x - pivotX) * rc - (y - pivotY) * rs, pivotY + (x - pivotX) * rs + (y - pivotY) * rc, z] as const;
      }
      const uv = (i: number) => [head.vertices[i]![0], head.vertices[i]![1]];
      const screen = (i: number) => [moved[i]![0], moved[i]![1]];
      // The ring of hair, ears and neck stretches from the turned outline to where the frame stays still.
      head.outline.forEach((index, k) => {
        const next = head.outline[(k + 1) % head.outline.length]!;
        const [r0, r1] = [head.ring[k]!, head.ring[(k + 1) % head.ring.length]!];
        const [s0, s1] = [
          [r0[0] * sx, r0[1] * sy],
          [r1[0] * sx, r1[1] * sy],
        ];
        drawTriangle([...uv(index), ...uv(next), ...r0], [...screen(index), ...screen(next), ...s0]);
        drawTriangle([...uv(next), ...r1, ...r0], [...screen(next), ...s1, ...s0]);
      });
      for (let t = 0; t < head.mouthFan.length; t += 3) {
        const [a, b, c] = [head.mouthFan[t]!, head.mouthFan[t + 1]!, head.mouthFan[t + 2]!];
        drawTriangle([], [...screen(a), ...screen(b), ...screen(c)], "#3a1618");
      }
      // Painter's order: the farthest triangles first; those turned away are not drawn.
      const order: { t: number; depth: number }[] = [];
      for (let t = 0; t < head.triangles.length; t += 3) {
        const [a, b, c] = [moved[head.triangles[t]!]!, moved[head.triangles[t + 1]!]!, moved[head.triangles[t + 2]!]!];
        order.push({ t, depth: a[2] + b[2] + c[2] });
      }
      order.sort((p, q) => q.depth - p.depth);
      for (const { t } of order) {
        const [a, b, c] = [head.triangles[t]!, head.triangles[t + 1]!, head.triangles[t + 2]!];
        drawTriangle([...uv(a), ...uv(b), ...uv(c)], [...screen(a), ...screen(b), ...screen(c)]);
      }
    }

    const draw = () => {
      // The head is drawn through the whole recording, frontal between prompts, so that its mouth follows the voice
      // all along as a person reading the digits does (the fake camera's own clip barely moves its lips).
      try {
        drawHead(yawNow(performance.now()));
        return;
      } catch (error) {
        console.warn("honest camera: the head could not be drawn", error);
      }
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
    };
    draw();
    const timer = setInterval(draw, 1000 / 15);
    const scene = canvas.captureStream(15);
    for (const track of stream.getAudioTracks()) scene.addTrack(track);
    for (const track of scene.getVideoTracks()) {
      const stop = track.stop.bind(track);
      track.stop = () => {
        clearInterval(timer);
        for (const real of stream.getVideoTracks()) real.stop();
        video.srcObject = null;
        stop();
      };
    }
    return scene;
  }

  const recordingVideo = () => document.querySelector('[data-testid="video-recorder"]') !== null;

  devices.getUserMedia = async function honestGetUserMedia(constraints?: MediaStreamConstraints) {
    const stream = await camera(constraints);
    if (head && constraints?.video && constraints.audio && recordingVideo()) return answeringPrompts(stream, head);
    // The video step (camera and microphone) and every capture but the ID's get the camera as it is.
    if (!constraints?.video || constraints.audio || !photographingId()) return stream;

    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    const draw = () => (frontDone() ? drawRear(context) : drawFront(context, video));
    draw();
    const timer = setInterval(draw, 1000 / 15);
    const scene = canvas.captureStream(15);
    // Stopping the scene (leaving the page, another facing mode) releases the camera, as stopping it would.
    for (const track of scene.getVideoTracks()) {
      const stop = track.stop.bind(track);
      track.stop = () => {
        clearInterval(timer);
        for (const real of stream.getTracks()) real.stop();
        video.srcObject = null;
        stop();
      };
    }
    return scene;
  };
}
