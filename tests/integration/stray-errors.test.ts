import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStraySocketError } from "@/lib/runtime/process-guards";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

// A dropped connection is an everyday event; it must never end a process. One fresh-clone CI run died
// when the SMTP sink reported a client's ECONNRESET with no listener and tfjs' WebAssembly glue turned the
// uncaught exception into the end of the test process, after 241 of 434 tests.

describe("a stray socket error", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.stop();
  });

  it("leaves the SMTP test sink running: a client that resets its connection, then a mail that arrives", async () => {
    const socket = connect(sink.port, "127.0.0.1");
    socket.on("error", () => undefined);
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
    // Dropped in the middle of a message, as a sender that crashes or a network cut does.
    socket.write("EHLO client\r\nMAIL FROM:<a@rubrica.test>\r\nRCPT TO:<b@rubrica.test>\r\nDATA\r\nSubject: cut\r\n\r\nhalf a mess");
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: "a@rubrica.test", to: "b@rubrica.test", subject: "after the reset", text: "still here" });
    const mail = await sink.waitFor((candidate) => candidate.subject === "after the reset");
    expect(mail.text.trim()).toBe("still here");
  });

  it("does not end a worker-like process that has loaded the face engine", () => {
    const run = spawnSync("npx", ["tsx", "tests/support/stray-socket-error-child.ts", "--guards", "--reset"], {
      cwd: process.cwd(),
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const report = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(report).toMatchObject({ alive: true, facesOnBlank: 0 });
    // Loading TensorFlow's WebAssembly backend leaves the process's own handlers in charge.
    expect(report.handlersAfter).toBe(report.handlersBefore);
    // Logged as one JSON line (lib/log/logger.ts) on stdout, before the report.
    expect(run.stdout).toContain('"msg":"a connection failed with nobody listening; going on"');
    expect(run.stdout).toContain("ECONNRESET");
  }, 150_000);

  it("loading the face engine adds no handler that rethrows (the web app keeps Next's own policy)", () => {
    const run = spawnSync("npx", ["tsx", "tests/support/stray-socket-error-child.ts"], {
      cwd: process.cwd(),
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const report = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(report.handlersAfter).toBe(report.handlersBefore);
  }, 150_000);

  it("is told apart from a programming error", () => {
    expect(isStraySocketError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", syscall: "read" }))).toBe(true);
    expect(isStraySocketError(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }))).toBe(true);
    expect(isStraySocketError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isStraySocketError("ECONNRESET")).toBe(false);
  });
});
