import { expect, type Page, test } from "@playwright/test";
import "./support/load-env";
import { honestCamera } from "./support/honest-camera";
import { db } from "@/lib/db/client";
import { createOrganization } from "@/lib/organizations/create-organization";
import { randomHex } from "@/lib/security/random";
import { createSentShipment } from "../support/signing";

// The selfie step compares the face with the ID photo's front (FlowStep.compareWithPosition). The
// fake camera shows one real face (playwright.config.ts, DESIGN.md §5): as the holder's photo on a drawn
// ID card, then the card's rear, then as the selfie (support/honest-camera.ts), so the check passes; the worker started by the global setup runs it. A threshold no two photos can meet
// makes it fail, to see the selfie page say why.

/** A shipment of a new organisation: ID photo, selfie compared with it, signature. */
async function comparingShipment(config: Record<string, string> = {}) {
  const { organization } = await db.$transaction((tx) => createOrganization(tx, { name: `Gestoría ${randomHex(3)}`, country: "ES" }));
  for (const [name, value] of Object.entries(config))
    await db.configValue.create({ data: { organizationId: organization.id, name, value } });
  const { signers, flow } = await createSentShipment(organization.id, {
    signers: [{ identNumber: "12345678Z" }],
    steps: ["ID_PHOTO", "SELFIE", "SIGNATURE"],
  });
  await db.flowStep.updateMany({ where: { flowId: flow.id, type: "SELFIE" }, data: { compareWithPosition: 1 } });
  const signer = signers[0]!;
  return { ...signer, secret: signer.secret! };
}

async function takeAndUse(page: Page) {
  const take = page.getByTestId("camera-take");
  await expect(take).toBeEnabled({ timeout: 15_000 });
  await take.click();
  await page.getByTestId("camera-use").click();
}

/** Every URL the page shows, client-side navigations included: /wait may be left within a second. */
function visitedUrls(page: Page): string[] {
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  return visited;
}

/** From the link to the selfie sent: the ID's front and rear, the acceptance box, the selfie. */
async function sendSelfie(page: Page, signer: { secret: string; hexId: string }) {
  await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
  await page.getByTestId("start-process").click();
  await expect(page).toHaveURL(/\/id-photo\//);
  await takeAndUse(page);
  await takeAndUse(page);
  await expect(page).toHaveURL(/\/selfie-photo\//);
  await page.getByTestId("selfie-acceptance").check();
  await takeAndUse(page);
}

test("the web server counts uploaded ID photos' faces on a face thread of its own, loaded at its start (/api/ready)", async ({
  request,
}) => {
  // server.ts starts it after its warm-up; the ID photo's upload (below) then never holds up the server's other requests.
  await expect
    .poll(async () => ((await (await request.get("/api/ready")).json()) as { parts: Record<string, unknown> }).parts.faceThreads, {
      timeout: 60_000,
    })
    .toMatchObject({ state: "up", required: false, threads: 1 });
});

test.describe("a selfie compared with the ID photo", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });
  test.beforeEach(({ context }) => honestCamera(context));

  test("waits on /wait while the face is checked, then goes on to the signature", async ({ page, context }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(["camera"]);
    const signer = await comparingShipment();
    const visited = visitedUrls(page);
    await sendSelfie(page, signer);

    await expect(page).toHaveURL(/\/digital-signature\//, { timeout: 45_000 });
    expect(visited.some((url) => url.endsWith(`/wait/${signer.secret}/${signer.hexId}`))).toBe(true);

    const selfie = await db.evidence.findFirstOrThrow({ where: { signerId: signer.id, kind: "SELFIE" } });
    expect(selfie.check).toBe("VERIFIED");
    const detail = selfie.checkDetail as { faceCheck: { distance: number; threshold: number } };
    expect(detail.faceCheck.distance).toBeLessThan(detail.faceCheck.threshold);
  });

  test("a face that does not match sends the signer back to the selfie, which says so and lets them retake it", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(["camera"]);
    // No two photos are this close: the check always says FACE_MISMATCH.
    const signer = await comparingShipment({ face_match_threshold: "0.001" });
    const visited = visitedUrls(page);
    await sendSelfie(page, signer);

    await expect(page.getByTestId("face-check-failed")).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(/\/selfie-photo\//);
    expect(visited.some((url) => url.includes("/wait/"))).toBe(true);
    const failed = page.getByTestId("face-check-failed");
    await expect(failed).toHaveAttribute("data-reason", "FACE_MISMATCH");
    await expect(failed).toContainText("El rostro no coincide con el de la foto de su documento de identidad.");
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ attempts: 1, status: "IN_PROGRESS" });

    // The camera is there again for a new selfie.
    await page.getByTestId("selfie-acceptance").check();
    await expect(page.getByTestId("camera-take")).toBeEnabled({ timeout: 15_000 });
  });
});
