import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as evidenceRoute } from "@/app/api/signprocess/[id]/evidence/route";
import { POST as stepRoute } from "@/app/api/signprocess/[id]/step/[page]/route";
import { POST as challengeRoute } from "@/app/api/signprocess/[id]/video-challenge/route";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { translator } from "@/lib/i18n/messages";
import { redis } from "@/lib/queue/redis";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { openSignerLink } from "@/lib/signing/open-link";
import { promptsOf } from "@/lib/evidence/liveness-check";
import { remuxWebm } from "@/lib/evidence/remux-video";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createSentShipment } from "../support/signing";

/**
 * The video step (spec §4 "video", §8 "Unable to get validation code", "Time expired"): the signer
 * asks for digits, reads them aloud on camera, and sends the recording before the deadline.
 */

const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0 && spawnSync("ffprobe", ["-version"]).status === 0;
const needsFfmpeg = "needs ffmpeg and ffprobe (Debian package ffmpeg) to make a real WebM and measure it";

const timeExpired = translator("es-es", "capture")("timeExpired");

let org: TestOrganization;
let workDir: string;
/** A WebM as a browser's MediaRecorder writes it: streamed, so with no duration in its header. */
let recording: Uint8Array;

beforeAll(async () => {
  org = await createTestOrganization();
  workDir = mkdtempSync(join(tmpdir(), "rubrica-video-test-"));
  if (hasFfmpeg) {
    const out = join(workDir, "recording.webm");
    execFileSync("ffmpeg", [
      "-nostdin",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=160x120:rate=10",
      "-f",
      "lavfi",
      "-i",
      "sine",
      "-t",
      "2",
      "-c:v",
      "libvpx",
      "-c:a",
      "libopus",
      "-f",
      "webm",
      "-live",
      "1",
      "-y",
      out,
    ]);
    recording = new Uint8Array(readFileSync(out));
  }
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The duration ffprobe reads from a WebM's header, or null when it has none. */
function probeDuration(bytes: Uint8Array): number | null {
  const file = join(workDir, `${randomHex(4)}.webm`);
  writeFileSync(file, bytes);
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]).toString().trim();
  const value = Number(out);
  return out === "N/A" || !Number.isFinite(value) ? null : value;
}

type Challenge = {
  result: number;
  challengeId: string;
  digits: string;
  prompts: { action: string; atMs: number; durationMs: number }[];
  expiresAt: string;
  seconds: number;
  attempts: number;
  maxAttempts: number;
};
type Failure = { errorCode?: string; message?: string; page?: string; attempts?: number; exhausted?: boolean };

const askDigits = (processHexId: string, secret: string) =>
  call<Challenge & Failure>(challengeRoute, `/api/signprocess/${processHexId}/video-challenge`, {
    method: "POST",
    body: {},
    params: { id: processHexId },
    headers: { "x-url-sign": secret },
  });

/** The recording page's upload: multipart kind VIDEO, its upload id, the file, and which digits it read. */
async function sendVideo(
  processHexId: string,
  secret: string,
  bytes: Uint8Array,
  detail: Record<string, unknown> | null,
  uploadId: string = randomUUID(),
) {
  const form = new FormData();
  form.set("kind", "VIDEO");
  form.set("uploadId", uploadId);
  form.set("capturedAt", new Date().toISOString());
  if (detail) form.set("detail", JSON.stringify(detail));
  form.set("file", new Blob([Buffer.from(bytes)], { type: "video/webm" }), "video.webm");
  const request = new NextRequest(`http://127.0.0.1:3000/api/signprocess/${processHexId}/evidence`, {
    method: "POST",
    body: form,
    headers: { "x-url-sign": secret, ...clientAddressHeaders("203.0.113.77"), "user-agent": "vitest" },
  });
  const response = await sendRequest(evidenceRoute, request);
  return { status: response.status, body: (await response.json()) as { result?: number; evidenceHexId?: string; next?: string } & Failure };
}

/** Moves a challenge's deadline, as if the signer had asked for the digits `secondsAgo` before the deadline passed. */
async function expireChallenge(challengeId: string, secondsAgo: number) {
  const key = `video-challenge:${challengeId}`;
  const stored = JSON.parse((await redis().get(key))!) as { deadline: number; issuedAt: number };
  stored.deadline = Date.now() - secondsAgo * 1000;
  stored.issuedAt = stored.deadline - 120_000;
  await redis().set(key, JSON.stringify(stored), "KEEPTTL");
}

/** Any bytes that start like a WebM: a late or refused recording is turned away before it is read. */
const webmLike = new Uint8Array([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  ...randomHex(64)
    .split("")
    .map((c) => c.charCodeAt(0)),
]);

/** A sent shipment whose signers opened their links (the process is IN_PROGRESS). */
async function videoSigner(steps: Parameters<typeof createSentShipment>[1]["steps"] = ["VIDEO", "SIGNATURE"], signers = 1) {
  const shipment = await createSentShipment(org.organization.id, { signers: Array.from({ length: signers }, () => ({})), steps });
  const list = shipment.signers.map((s) => ({ ...s, secret: s.secret! }));
  for (const signer of list) await openSignerLink(signer.hexId, signer.secret, { ip: "203.0.113.77", userAgent: "vitest signer" });
  return { ...shipment, list };
}

describe("POST /api/signprocess/{id}/video-challenge", () => {
  it("gives six digits and the step's time only when the signer's current step is the video", async () => {
    const { list } = await videoSigner(["DATA_CONFIRM", "VIDEO", "SIGNATURE"]);
    const signer = list[0]!;

    const early = await askDigits(signer.hexId, signer.secret);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: "STEP_OUT_OF_ORDER", page: "data-confirm" });

    const confirmed = await call(stepRoute, `/api/signprocess/${signer.hexId}/step/data-confirm`, {
      method: "POST",
      body: { identType: "DNI", identNumber: "12345678Z", country: "ES" },
      params: { id: signer.hexId, page: "data-confirm" },
      headers: { "x-url-sign": signer.secret },
    });
    expect(confirmed.body).toMatchObject({ next: `/signature-process/videosignature/${signer.secret}/${signer.hexId}` });

    const before = Date.now();
    const issued = await askDigits(signer.hexId, signer.secret);
    expect(issued.status).toBe(200);
    expect(issued.body.digits).toMatch(/^\d{6}$/);
    expect(issued.body.challengeId).toMatch(/^[0-9a-f-]{36}$/);
    // No expiryMinutes on the flow step: two minutes.
    expect(issued.body.seconds).toBe(120);
    const expiresAt = new Date(issued.body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(issued.body).toMatchObject({ attempts: 0, maxAttempts: await getConfigNumber(org.organization.id, "max_capture_attempts") });

    // Asking again gives other digits (a new challenge), never the same challenge twice.
    const again = await askDigits(signer.hexId, signer.secret);
    expect(again.body.challengeId).not.toBe(issued.body.challengeId);

    const wrongSecret = await askDigits(signer.hexId, randomHex(16));
    expect(wrongSecret.body).toMatchObject({ errorCode: "INVALID_LINK" });
  });

  it("takes the time from the flow step's expiryMinutes", async () => {
    const { list, flow } = await videoSigner();
    await db.flowStep.updateMany({ where: { flowId: flow.id, type: "VIDEO" }, data: { expiryMinutes: 1, maxAttempts: 5 } });
    const issued = await askDigits(list[0]!.hexId, list[0]!.secret);
    expect(issued.body).toMatchObject({ seconds: 60, maxAttempts: 5 });
  });

  it("limits how often digits are given to one signer", async () => {
    const { list } = await videoSigner();
    const signer = list[0]!;
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await askDigits(signer.hexId, signer.secret));
    expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true);
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.body.errorCode).toBe("RATE_LIMITED");
  });
});

describe("sending the recording", () => {
  it.skipIf(!hasFfmpeg)(
    `stores a recording sent in time with its digits, gives it a duration and moves on to the signature (${needsFfmpeg})`,
    async () => {
      expect(probeDuration(recording)).toBeNull();
      const { list } = await videoSigner();
      const signer = list[0]!;
      const issued = (await askDigits(signer.hexId, signer.secret)).body;

      const sent = await sendVideo(signer.hexId, signer.secret, recording, { challengeId: issued.challengeId });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ result: 1, next: `/signature-process/digital-signature/${signer.secret}/${signer.hexId}` });
      expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ currentStep: 1, attempts: 0 });

      const evidence = await db.evidence.findFirstOrThrow({ where: { signerId: signer.id, kind: "VIDEO" } });
      expect(evidence.mimeType).toBe("video/webm");
      const detail = evidence.checkDetail as Record<string, unknown>;
      expect(detail).toMatchObject({
        digits: issued.digits,
        challengeId: issued.challengeId,
        remuxed: true,
        originalSha256: sha256Hex(Buffer.from(recording)),
      });
      expect(new Date(String(detail.issuedAt)).getTime()).toBeLessThanOrEqual(new Date(String(detail.receivedAt)).getTime());
      expect(new Date(String(detail.deadline)).toISOString()).toBe(issued.expiresAt);

      const stored = await storage().get(evidence.storageKey);
      expect(sha256Hex(Buffer.from(stored))).toBe(evidence.sha256);
      expect(probeDuration(stored)).toBeCloseTo(2, 0);

      // Single use: the digits are gone once the recording is in.
      expect(await redis().get(`video-challenge:${issued.challengeId}`)).toBeNull();
      // The recording page retrying the same upload (same uploadId) learns it is in, and nothing is stored twice.
      const retried = await sendVideo(
        signer.hexId,
        signer.secret,
        recording,
        { challengeId: issued.challengeId },
        evidence.clientUploadId!,
      );
      expect(retried.body).toMatchObject({ result: 1, evidenceHexId: evidence.hexId });
      expect(await db.evidence.count({ where: { signerId: signer.id, kind: "VIDEO" } })).toBe(1);
    },
  );

  it.skipIf(!hasFfmpeg)(
    `keeps when the page showed each prompt, within 1.5 s of when it was due, and the judge looks for each turn from then (${needsFfmpeg})`,
    async () => {
      const { list } = await videoSigner();
      const signer = list[0]!;
      const issued = (await askDigits(signer.hexId, signer.secret)).body;
      expect(issued.prompts).toHaveLength(2);
      const [first, second] = issued.prompts as [Challenge["prompts"][number], Challenge["prompts"][number]];
      // A busy phone painted the first prompt 0.9 s late; the page says it showed the second 9 s late.
      const sent = await sendVideo(signer.hexId, signer.secret, recording, {
        challengeId: issued.challengeId,
        promptsShownAtMs: [first.atMs + 900, second.atMs + 9000],
      });
      expect(sent.status).toBe(200);
      const evidence = await db.evidence.findFirstOrThrow({ where: { signerId: signer.id, kind: "VIDEO" } });
      const kept = (evidence.checkDetail as { prompts: unknown[] }).prompts;
      expect(kept).toEqual([
        { ...first, shownAtMs: first.atMs + 900 },
        { ...second, shownAtMs: second.atMs + 1500 },
      ]);
      expect(promptsOf(evidence.checkDetail).map((p) => p.atMs)).toEqual([first.atMs + 900, second.atMs + 1500]);

      // A page that says nothing, or nonsense, leaves the prompts as they were asked.
      const other = (await videoSigner()).list[0]!;
      const asked = (await askDigits(other.hexId, other.secret)).body;
      const nonsense = await sendVideo(other.hexId, other.secret, recording, { challengeId: asked.challengeId, promptsShownAtMs: "soon" });
      expect(nonsense.status).toBe(200);
      const plain = await db.evidence.findFirstOrThrow({ where: { signerId: other.id, kind: "VIDEO" } });
      expect((plain.checkDetail as { prompts: unknown[] }).prompts).toEqual(asked.prompts);
    },
  );

  it("refuses a late recording with 'Time expired', counts the attempt once, and at max_capture_attempts sends the signer to finishedAttempts", async () => {
    const { list } = await videoSigner();
    const signer = list[0]!;
    const max = await getConfigNumber(org.organization.id, "max_capture_attempts");
    expect(max).toBeGreaterThan(1);

    for (let attempt = 1; attempt <= max; attempt++) {
      const issued = (await askDigits(signer.hexId, signer.secret)).body;
      // The grace for the upload itself (15 s) is over too.
      await expireChallenge(issued.challengeId, 20);
      const uploadId = randomUUID();
      const late = await sendVideo(signer.hexId, signer.secret, webmLike, { challengeId: issued.challengeId }, uploadId);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({
        errorCode: "VIDEO_TIME_EXPIRED",
        message: timeExpired,
        attempts: attempt,
        exhausted: attempt === max,
      });
      if (attempt < max) {
        // The page sending the same refused recording again (a dropped answer) is not another attempt.
        const resent = await sendVideo(signer.hexId, signer.secret, webmLike, { challengeId: issued.challengeId }, uploadId);
        expect(resent.body.errorCode).toBe("VIDEO_TIME_EXPIRED");
        expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).attempts).toBe(attempt);
      } else {
        expect(late.body.page).toBe("finishedAttempts");
      }
    }
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({
      status: "ATTEMPTS_EXHAUSTED",
      attempts: max,
      currentStep: 0,
    });
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);

    const afterwards = await askDigits(signer.hexId, signer.secret);
    expect(afterwards.body).toMatchObject({ errorCode: "ATTEMPTS_EXHAUSTED", page: "finishedAttempts" });
    const events = await db.auditEvent.findMany({
      where: { documentId: signer.documentId, type: { startsWith: "signer.attempt" } },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual([
      ...Array.from({ length: max - 1 }, () => "signer.attempt-failed"),
      "signer.attempts-exhausted",
    ]);
  });

  it("accepts a recording sent just before the deadline that arrives within the upload's grace", async () => {
    const { list } = await videoSigner();
    const signer = list[0]!;
    const issued = (await askDigits(signer.hexId, signer.secret)).body;
    await expireChallenge(issued.challengeId, 5);
    // The bytes only start like a WebM: accepted past the deadline check, refused as a file, not as late.
    const sent = await sendVideo(signer.hexId, signer.secret, new Uint8Array([0x00, 0x01, 0x02, 0x03]), {
      challengeId: issued.challengeId,
    });
    expect(sent.body.errorCode).toBe("EVIDENCE_FILE_INVALID");
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).attempts).toBe(0);
  });

  it("refuses the recording when the page itself says its countdown ran out", async () => {
    const { list } = await videoSigner();
    const signer = list[0]!;
    const issued = (await askDigits(signer.hexId, signer.secret)).body;
    const late = await sendVideo(signer.hexId, signer.secret, webmLike, { challengeId: issued.challengeId, late: true });
    expect(late.body).toMatchObject({ errorCode: "VIDEO_TIME_EXPIRED", attempts: 1 });
  });

  it("refuses a recording without digits, with digits it never got, or with another signer's digits", async () => {
    const { list } = await videoSigner(["VIDEO", "SIGNATURE"], 2);
    const [ana, bea] = [list[0]!, list[1]!];

    const none = await sendVideo(ana.hexId, ana.secret, webmLike, null);
    expect(none.body.errorCode).toBe("VIDEO_TIME_EXPIRED");
    const invented = await sendVideo(ana.hexId, ana.secret, webmLike, { challengeId: randomUUID() });
    expect(invented.body.errorCode).toBe("VIDEO_TIME_EXPIRED");
    expect((await db.signer.findUniqueOrThrow({ where: { id: ana.id } })).attempts).toBe(2);

    const anasDigits = (await askDigits(ana.hexId, ana.secret)).body;
    const foreign = await sendVideo(bea.hexId, bea.secret, webmLike, { challengeId: anasDigits.challengeId });
    expect(foreign.status).toBe(409);
    expect(foreign.body).toMatchObject({ errorCode: "VIDEO_TIME_EXPIRED", attempts: 1 });
    expect(await db.evidence.count({ where: { signerId: bea.id } })).toBe(0);
    // Ana's digits are still hers to use.
    expect(await redis().get(`video-challenge:${anasDigits.challengeId}:claim`)).toBeNull();
    expect(await redis().get(`video-challenge:${anasDigits.challengeId}`)).not.toBeNull();
  });

  it.skipIf(!hasFfmpeg)(
    `takes one recording per set of digits: a second recording with the same digits is refused (${needsFfmpeg})`,
    async () => {
      const { list } = await videoSigner(["VIDEO", "SIGNATURE"], 2);
      const [ana, bea] = [list[0]!, list[1]!];
      const issued = (await askDigits(ana.hexId, ana.secret)).body;

      // The first recording with these digits is broken on the way (not a video at all): it is refused as a file...
      const broken = await sendVideo(ana.hexId, ana.secret, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { challengeId: issued.challengeId });
      expect(broken.body.errorCode).toBe("EVIDENCE_FILE_INVALID");
      // ...and another recording cannot reuse the digits: the signer asks for new ones.
      const reused = await sendVideo(ana.hexId, ana.secret, recording, { challengeId: issued.challengeId });
      expect(reused.body).toMatchObject({ errorCode: "VIDEO_TIME_EXPIRED", attempts: 1 });
      expect(await db.evidence.count({ where: { signerId: ana.id } })).toBe(0);

      const fresh = (await askDigits(ana.hexId, ana.secret)).body;
      const stored = await sendVideo(ana.hexId, ana.secret, recording, { challengeId: fresh.challengeId });
      expect(stored.status).toBe(200);
      // A success clears the failed attempts.
      expect((await db.signer.findUniqueOrThrow({ where: { id: ana.id } })).attempts).toBe(0);

      // Another signer on the same step cannot send Ana's used digits either.
      const foreign = await sendVideo(bea.hexId, bea.secret, recording, { challengeId: fresh.challengeId });
      expect(foreign.body.errorCode).toBe("VIDEO_TIME_EXPIRED");
      expect(await db.evidence.count({ where: { signerId: bea.id } })).toBe(0);
    },
  );
});

describe("remuxing a recording", () => {
  it("keeps the recording as it came, and says why, when ffmpeg is not there", async () => {
    const bytes = webmLike;
    const outcome = await remuxWebm(bytes, join(workDir, "no-such-ffmpeg"));
    expect(outcome).toEqual({ bytes, remuxed: false, note: "ffmpeg-missing" });
  });

  it.skipIf(!hasFfmpeg)(`keeps the recording as it came, and says why, when ffmpeg cannot read it (${needsFfmpeg})`, async () => {
    const outcome = await remuxWebm(webmLike);
    expect(outcome.remuxed).toBe(false);
    expect(outcome.bytes).toBe(webmLike);
    if (!outcome.remuxed) expect(outcome.note).toMatch(/^ffmpeg-failed/);
  });
});
