import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { readEnvFile } from "./tests/support/env-file";
import { ensureFakeCaptureFiles } from "./tests/support/test-media";

// The fake camera shows a real face and the fake microphone reads digits aloud (DESIGN.md §5).
const capture = ensureFakeCaptureFiles();
const captureArgs = capture
  ? [`--use-file-for-fake-video-capture=${capture.video}`, `--use-file-for-fake-audio-capture=${capture.audio}`]
  : [];

const env = readEnvFile(path.join(fileURLToPath(new URL(".", import.meta.url)), "tests/e2e/e2e.env"));

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // CI has 90 minutes for everything; a hung browser must not eat them all.
  globalTimeout: 30 * 60_000,
  reporter: [["list"], ["json", { outputFile: ".tmp/e2e-results.json" }]],
  use: {
    baseURL: "http://127.0.0.1:3100",
    browserName: "chromium",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright cannot download its own browser here; Debian's chromium is the one we test with.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // A synthetic camera and microphone; permission stays per context (no fake UI flag), so denial is testable.
        "--use-fake-device-for-media-stream",
        // The honest camera (tests/e2e/support/honest-camera.ts) hears the fake microphone through Web Audio at once.
        "--autoplay-policy=no-user-gesture-required",
        ...captureArgs,
      ],
    },
  },
  webServer: {
    // scripts/test.sh builds first, with the same environment. Our server, as in production: it hands the
    // connection's address to route handlers (server.ts).
    command: "npx tsx server.ts -p 3100 -H 127.0.0.1",
    // The port, not a URL: an HTTP probe would reach the database before the global setup recreates it.
    port: 3100,
    env: { ...env, NODE_ENV: "production" },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
