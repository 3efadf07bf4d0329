import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger, rootLogger, withLogContext } from "@/lib/log/logger";
import { scanLogs } from "../support/log-scan";

// The log-secrets test (tests/integration/log-secrets.test.ts) is only as good as its scanner: here it must catch a
// secret that the real logger was made to write, and must not cry wolf on what the redaction list censored.

let written: string[] = [];

beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  rootLogger().level = "debug";
});

afterEach(() => {
  vi.restoreAllMocks();
});

const linkSecret = "3f9c2a7be01d4c58a6e7f1029b3d4e5f";
const pin = "4826";

describe("the log scanner", () => {
  it("finds a link secret written in a message, and a PIN inside a string", () => {
    logger("test").warn(`signing link /sign/abc/${linkSecret} opened`);
    logger("test").info({ note: `pin was ${pin}` }, "entered");
    const scan = scanLogs(written.join(""), { linkSecret }, { pin });
    expect(scan.leaks).toHaveLength(2);
    expect(scan.leaks[0]).toMatch(/^linkSecret: /);
    expect(scan.leaks[1]).toMatch(/^pin: /);
  });

  it("finds a secret percent-encoded in a URL", () => {
    const token = "abc/def+ghi=jkl";
    logger("test").info({ url: `https://x.test/?t=${encodeURIComponent(token)}` }, "called");
    expect(scanLogs(written.join(""), { token }).leaks).toHaveLength(1);
  });

  it("finds nothing where the redaction list censored the fields, and ignores numbers that look like a PIN", () => {
    logger("test").info({ urlSign: linkSecret, pin, headers: { "x-url-sign": linkSecret }, ms: Number(pin) }, "answered");
    const scan = scanLogs(written.join(""), { linkSecret }, { pin });
    expect(scan.leaks).toEqual([]);
    expect(scan.lines[0]).toMatchObject({ urlSign: "[redacted]", pin: "[redacted]", headers: { "x-url-sign": "[redacted]" } });
  });

  it("reports lines that are not JSON, and the request id each JSON line carries", () => {
    withLogContext({ requestId: "req-1234" }, () => logger("test").info("inside"));
    const scan = scanLogs(`${written.join("")}plain text line\n`, {});
    expect(scan.notJson).toEqual(["plain text line"]);
    expect(scan.lines[0]).toMatchObject({ requestId: "req-1234", component: "test", msg: "inside", level: "info" });
  });
});
