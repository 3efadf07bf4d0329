// Checks the browser tests' honest camera (tests/e2e/support/honest-camera.ts) without the product: a bare page
// that looks like the video step (data-testid="video-recorder"), asks for the camera and the microphone, records
// 9 s with MediaRecorder and shows two prompts (data-testid="liveness-prompt") at the given times. The recording
// is written to --out, to be checked with tests/media/check-media.ts or judged with scripts/identity-check.ts.
//
//   flock /tmp/rubrica-e2e.lock npx tsx tests/media/check-honest-camera.ts --out FILE.webm
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { ensureFakeCaptureFiles } from "../support/test-media";
import { honestCamera } from "../e2e/support/honest-camera";
import { type LivenessPrompt, parsePrompts } from "./media-kit";

const page = (prompts: LivenessPrompt[]) => `<!doctype html><html><body><div data-testid="video-recorder"></div><script>
(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8,opus" });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  for (const prompt of ${JSON.stringify(prompts)}) {
    setTimeout(() => {
      const element = document.createElement("div");
      element.dataset.testid = "liveness-prompt";
      element.dataset.action = prompt.action;
      element.textContent = prompt.action;
      document.body.append(element);
      setTimeout(() => element.remove(), prompt.durationMs);
    }, prompt.atMs);
  }
  setTimeout(() => recorder.stop(), 9000);
  await done;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  window.recorded = btoa(binary);
})();
</script></body></html>`;

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" }, prompts: { type: "string" } } });
  if (!values.out) throw new Error("--out FILE.webm");
  const prompts = values.prompts
    ? parsePrompts(values.prompts)
    : [
        { action: "turn_left", atMs: 2500, durationMs: 2000 },
        { action: "turn_right", atMs: 6000, durationMs: 2000 },
      ];
  const capture = ensureFakeCaptureFiles();
  if (!capture) throw new Error("No fake-camera files");
  const server = createServer((_, response) => response.setHeader("content-type", "text/html").end(page(prompts as LivenessPrompt[])));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${capture.video}`,
      `--use-file-for-fake-audio-capture=${capture.audio}`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  try {
    const context = await browser.newContext();
    await context.grantPermissions(["camera", "microphone"], { origin: url.slice(0, -1) });
    // tsx (esbuild, keepNames) wraps named functions in a __name(...) helper that the page lacks; Playwright's own
    // test runner does not. The helper is given to the page so the honest camera's script runs here as it does there.
    await context.addInitScript("globalThis.__name = (target) => target;");
    await honestCamera(context);
    const tab = await context.newPage();
    await tab.goto(url);
    const recorded = await tab.waitForFunction(() => (window as unknown as { recorded?: string }).recorded, null, { timeout: 30_000 });
    writeFileSync(values.out, Buffer.from((await recorded.jsonValue()) as string, "base64"));
    console.log(`${values.out}: prompts ${JSON.stringify(prompts)}`);
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
