import { describe, expect, it } from "vitest";
import {
  containerType,
  formatCountdown,
  isRetryableUpload,
  localDeadline,
  pickRecorderType,
  secondsLeft,
  spacedDigits,
} from "@/lib/evidence/video-recording";

describe("the video recorder's format", () => {
  it("records WebM with VP8 and Opus where the browser can, else the best it offers", () => {
    const chrome = (type: string) => type.startsWith("video/webm");
    expect(pickRecorderType(chrome)).toBe("video/webm;codecs=vp8,opus");
    const safari = (type: string) => type.startsWith("video/mp4");
    expect(pickRecorderType(safari)).toBe("video/mp4;codecs=avc1,mp4a");
    const webmWithoutCodecs = (type: string) => type === "video/webm";
    expect(pickRecorderType(webmWithoutCodecs)).toBe("video/webm");
  });

  it("lets the browser choose when it cannot say what it supports, or supports none of ours", () => {
    expect(pickRecorderType(undefined)).toBeUndefined();
    expect(pickRecorderType(() => false)).toBeUndefined();
    expect(
      pickRecorderType(() => {
        throw new Error("not implemented");
      }),
    ).toBeUndefined();
  });

  it("names the container sent to the server", () => {
    expect(containerType("video/webm;codecs=vp8,opus")).toBe("video/webm");
    expect(containerType("video/mp4;codecs=avc1,mp4a")).toBe("video/mp4");
    expect(containerType(undefined)).toBe("video/webm");
  });
});

describe("the countdown to the deadline", () => {
  it("counts from when the answer arrived, whatever the phone's clock says", () => {
    const arrived = 1_000_000;
    const deadline = localDeadline(120, arrived);
    expect(secondsLeft(deadline, arrived)).toBe(120);
    expect(secondsLeft(deadline, arrived + 59_500)).toBe(61);
    expect(secondsLeft(deadline, arrived + 119_999)).toBe(1);
    expect(secondsLeft(deadline, arrived + 120_000)).toBe(0);
    expect(secondsLeft(deadline, arrived + 200_000)).toBe(0);
  });

  it("shows minutes and seconds", () => {
    expect(formatCountdown(120)).toBe("2:00");
    expect(formatCountdown(65)).toBe("1:05");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(-3)).toBe("0:00");
  });

  it("spaces the digits in pairs to read them aloud", () => {
    expect(spacedDigits("123456")).toBe("12 34 56");
    expect(spacedDigits("0042")).toBe("00 42");
  });
});

describe("retrying an upload", () => {
  it("tries again without an answer or after a server failure, never after the server's refusal", () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(isRetryableUpload(status)).toBe(true);
    for (const status of [400, 409, 413]) expect(isRetryableUpload(status)).toBe(false);
  });
});
