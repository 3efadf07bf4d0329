import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import "./support/load-env";
import { watchCsp } from "./support/csp";
import { honestCamera } from "./support/honest-camera";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage";
import { idCard, rearCard } from "../support/id-card";
import { createSentShipment } from "../support/signing";
import { faceMediaFiles } from "../support/test-media";

// Chromium runs with --use-fake-device-for-media-stream (a synthetic camera) and without
// --use-fake-ui-for-media-stream: the camera works only where the context granted it. The camera shows
// an ID card's front, then its rear, then the face (support/honest-camera.ts): the upload refuses a rear
// or a selfie that is the same picture as an earlier photo.

const cameraDenied =
  "No se concedió permiso para usar la cámara o el micrófono. Concédalo en la configuración del navegador e inténtelo de nuevo.";
const unstableNetwork = "Su conexión es inestable. Lo que ha capturado se conserva; reintentaremos el envío.";

/** A shipment of the demo organisation whose flow asks for the ID photo, a selfie and the signature. */
async function photoShipment() {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  const { signers } = await createSentShipment(organization.id, {
    signers: [{ identNumber: "12345678Z" }],
    steps: ["ID_PHOTO", "SELFIE", "SIGNATURE"],
  });
  const signer = signers[0]!;
  return { ...signer, secret: signer.secret! };
}

/** A photo on the device, as the file picker would hand it over: the ID's front with the holder's face, its rear, or the face itself. */
async function devicePhoto(label: "ANVERSO" | "REVERSO" | "SELFIE") {
  const face = faceMediaFiles().sort()[0];
  if (!face) throw new Error("No face photo in the test media (tests/support/test-media.ts needs the npm registry once)");
  const portrait = readFileSync(face);
  const buffer =
    label === "ANVERSO"
      ? await idCard(portrait)
      : label === "REVERSO"
        ? await rearCard()
        : await sharp(portrait).resize({ width: 960, height: 720, fit: "cover" }).jpeg({ quality: 90 }).toBuffer();
  return { name: `${label.toLowerCase()}.jpg`, mimeType: "image/jpeg", buffer };
}

async function openFirstStep(page: Page, signer: { secret: string; hexId: string }) {
  await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
  await page.getByTestId("start-process").click();
  await expect(page).toHaveURL(new RegExp(`/signature-process/id-photo/${signer.secret}/${signer.hexId}$`));
}

/** Takes a photo with the live camera and accepts it. */
async function takeAndUse(page: Page) {
  const take = page.getByTestId("camera-take");
  await expect(take).toBeEnabled({ timeout: 15_000 });
  await take.click();
  await expect(page.getByTestId("camera-review-image")).toBeVisible();
  await page.getByTestId("camera-use").click();
}

/** The stored photos of a signer: kind, and the JPEG's size as decoded. */
async function storedPhotos(signerId: number) {
  const evidences = await db.evidence.findMany({ where: { signerId }, orderBy: { id: "asc" } });
  return Promise.all(
    evidences.map(async (evidence) => {
      const metadata = await sharp(Buffer.from(await storage().get(evidence.storageKey))).metadata();
      return { kind: evidence.kind, mimeType: evidence.mimeType, format: metadata.format, width: metadata.width, height: metadata.height };
    }),
  );
}

test.describe("the ID photo and selfie steps, in Spanish on a desktop", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });
  test.beforeEach(({ context }) => honestCamera(context));

  test("with the camera allowed: front and rear of the ID, the acceptance box, the selfie, then the signature", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["camera"]);
    const violations = watchCsp(page);
    const signer = await photoShipment();
    await openFirstStep(page, signer);

    await expect(page.getByTestId("camera-label")).toHaveText("Ahora: el anverso del documento (la cara con su foto).");
    await expect(page.getByTestId("camera-preview")).toBeVisible();
    await expect(page.getByTestId("camera-capture")).toHaveAttribute("data-facing", "environment");
    // The first shot is retaken: nothing is sent until the signer accepts a photo.
    await expect(page.getByTestId("camera-take")).toBeEnabled({ timeout: 15_000 });
    await page.getByTestId("camera-take").click();
    await page.getByTestId("camera-retake").click();
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);
    await takeAndUse(page);

    await expect(page.getByTestId("upload-ID_FRONT")).toHaveAttribute("data-state", "sent");
    await expect(page.getByTestId("camera-label")).toHaveText("Ahora: el reverso del documento.");
    await expect(page.getByTestId("photo-side-ID_FRONT")).toHaveAttribute("data-done", "true");
    await takeAndUse(page);

    await expect(page).toHaveURL(new RegExp(`/signature-process/selfie-photo/${signer.secret}/${signer.hexId}$`));
    await expect(page.getByTestId("camera-capture")).toHaveAttribute("data-facing", "user");
    await expect(page.getByTestId("camera-preview")).toBeVisible();
    // Spec §5: the signature-acceptance box comes first.
    await expect(page.getByTestId("camera-take")).toBeDisabled();
    await expect(page.getByTestId("camera-blocked")).toHaveText("Marque la casilla de aceptación de la firma para poder tomarse la foto.");
    await page.getByTestId("selfie-acceptance").check();
    await takeAndUse(page);

    await expect(page).toHaveURL(new RegExp(`/signature-process/digital-signature/${signer.secret}/${signer.hexId}$`));
    // Photos at the configured canvas sizes (idcard_canvas_size 856;540, canvas_width_height_desktop 640;480), stamped JPEGs.
    expect(await storedPhotos(signer.id)).toEqual([
      { kind: "ID_FRONT", mimeType: "image/jpeg", format: "jpeg", width: 856, height: 540 },
      { kind: "ID_REAR", mimeType: "image/jpeg", format: "jpeg", width: 856, height: 540 },
      { kind: "SELFIE", mimeType: "image/jpeg", format: "jpeg", width: 640, height: 480 },
    ]);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).currentStep).toBe(2);
    expect(violations).toEqual([]);
  });

  test("without camera permission: says so, how to allow it again, and a photo from the device works instead", async ({ page }) => {
    const signer = await photoShipment();
    await openFirstStep(page, signer);

    await expect(page.getByTestId("camera-problem")).toContainText(cameraDenied);
    await expect(page.getByTestId("camera-reallow")).toContainText("Cómo volver a permitir la cámara");
    await expect(page.getByTestId("camera-take")).toHaveCount(0);
    await expect(page.getByTestId("camera-retry")).toBeVisible();
    await expect(page.getByTestId("camera-file-input")).toHaveAttribute("accept", "image/*");
    await expect(page.getByTestId("camera-file-input")).toHaveAttribute("capture", "environment");

    await page.getByTestId("camera-file-input").setInputFiles(await devicePhoto("ANVERSO"));
    await expect(page.getByTestId("camera-review-image")).toBeVisible();
    await page.getByTestId("camera-use").click();
    await expect(page.getByTestId("camera-label")).toHaveText("Ahora: el reverso del documento.");
    await page.getByTestId("camera-file-input").setInputFiles(await devicePhoto("REVERSO"));
    await page.getByTestId("camera-use").click();

    await expect(page).toHaveURL(/\/signature-process\/selfie-photo\//);
    await expect(page.getByTestId("camera-problem")).toContainText(cameraDenied);
    await expect(page.getByTestId("camera-file-input")).toBeDisabled();
    await page.getByTestId("selfie-acceptance").check();
    await expect(page.getByTestId("camera-file-input")).toHaveAttribute("capture", "user");
    await page.getByTestId("camera-file-input").setInputFiles(await devicePhoto("SELFIE"));
    await page.getByTestId("camera-use").click();

    await expect(page).toHaveURL(/\/signature-process\/digital-signature\//);
    expect((await storedPhotos(signer.id)).map((photo) => [photo.kind, photo.format, photo.width, photo.height])).toEqual([
      ["ID_FRONT", "jpeg", 856, 540],
      ["ID_REAR", "jpeg", 856, 540],
      ["SELFIE", "jpeg", 640, 480],
    ]);
  });

  test("nothing captured is lost: offline, the photo waits and is sent when the connection is back, even after the page was closed", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["camera"]);
    const signer = await photoShipment();
    await openFirstStep(page, signer);

    await context.setOffline(true);
    await takeAndUse(page);
    await expect(page.getByTestId("unstable-network")).toHaveText(unstableNetwork);
    await expect(page.getByTestId("upload-ID_FRONT")).toHaveAttribute("data-state", "retrying");
    // The next side can be taken meanwhile.
    await expect(page.getByTestId("camera-label")).toHaveText("Ahora: el reverso del documento.");
    await page.close();
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);

    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(`/signature-process/id-photo/${signer.secret}/${signer.hexId}`);
    await expect(again.getByTestId("upload-ID_FRONT")).toHaveAttribute("data-state", "sent");
    await expect(again.getByTestId("photo-uploads-resumed")).toContainText("Hemos recuperado fotos que no llegaron a enviarse");
    await expect(again.getByTestId("unstable-network")).toHaveCount(0);
    await expect(again.getByTestId("camera-label")).toHaveText("Ahora: el reverso del documento.");
    expect((await db.evidence.findMany({ where: { signerId: signer.id } })).map((e) => e.kind)).toEqual(["ID_FRONT"]);

    // Reloaded once more, the page knows the server has the front and asks only for the rear.
    await again.reload();
    await expect(again.getByTestId("photo-side-ID_FRONT")).toHaveAttribute("data-done", "true");
    await expect(again.getByTestId("camera-label")).toHaveText("Ahora: el reverso del documento.");
    await takeAndUse(again);
    await expect(again).toHaveURL(/\/signature-process\/selfie-photo\//);
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(2);
  });
});
