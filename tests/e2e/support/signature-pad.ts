import type { Page } from "@playwright/test";

/** Strokes on the pad with the pointer, as a person would sign. */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.033), box.y + box.height * (0.5 + 0.3 * Math.sin(i / 2)), { steps: 2 });
  }
  await page.mouse.up();
}
