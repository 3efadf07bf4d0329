import type { BrowserContext, Page } from "@playwright/test";

/*
 * honestCamera: the scene in front of the camera for each photo, as a signer would show it.
 *
 * Chromium's fake camera (playwright.config.ts: --use-file-for-fake-video-capture, a real face) shows
 * the same scene for every shot. The upload checks (lib/evidence/document-check.ts) rightly refuse an
 * ID rear that is the same picture as the front, and a selfie that is the same picture as the ID. This
 * helper wraps navigator.mediaDevices.getUserMedia in the page so the camera shows what is asked for:
 *   - the ID's front: a drawn ID card whose holder photo is the live camera (the real face, moving);
 *   - the ID's rear: a drawn card rear (address, chip, machine-readable zone), no face;
 *   - the selfie, the video and anything else: the camera stream itself, unchanged.
 * The face stays real, so face detection and matching run for real on the ID photo and on the selfie.
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
  await target.addInitScript(installHonestCamera);
}

/** Runs in the page, before its scripts (addInitScript): self-contained. */
function installHonestCamera() {
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

  devices.getUserMedia = async function honestGetUserMedia(constraints?: MediaStreamConstraints) {
    const stream = await camera(constraints);
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
