import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeTwilio, type FakeTwilio } from "../support/fake-twilio";
import { changes, scrapeMetrics } from "../support/metrics";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

let sink: SmtpSink;
let twilio: FakeTwilio;
let outbox: string;

const quiet = { SMTP_URL: "", TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "", TWILIO_FROM: "", TWILIO_API_BASE_URL: "" };

// env() and both transports are created once per process; each test loads them afresh under its variables.
async function loadNotify(overrides: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...quiet, MAIL_OUTBOX_DIR: outbox, ...overrides })) vi.stubEnv(name, value);
  const [mail, sms] = await Promise.all([import("@/lib/notify/mail"), import("@/lib/notify/sms")]);
  return { sendMail: mail.sendMail, sendSms: sms.sendSms };
}

function twilioEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: "+15005550006",
    TWILIO_API_BASE_URL: twilio.url,
    ...overrides,
  };
}

beforeAll(async () => {
  [sink, twilio] = await Promise.all([startSmtpSink(), startFakeTwilio()]);
});

afterAll(async () => {
  await Promise.all([sink.stop(), twilio.stop()]);
});

beforeEach(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), "rubrica-outbox-"));
  sink.clear();
  twilio.clear();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  // The modules loaded under this test's variables (env() caches them) must not serve later files.
  vi.resetModules();
  await rm(outbox, { recursive: true, force: true });
});

describe("sendMail over SMTP", () => {
  it("delivers subject, text and html to the SMTP server", async () => {
    const { sendMail } = await loadNotify({ SMTP_URL: sink.url, MAIL_FROM: "Rúbrica <no-reply@rubrica.test>" });

    const result = await sendMail({
      to: "firmante@example.com",
      subject: "Código de acceso: 615204",
      html: "<p>Tu código es <b>615204</b></p>",
      text: "Tu código es 615204",
    });

    const mail = await sink.waitFor((received) => received.to.includes("firmante@example.com"));
    expect(mail.subject).toBe("Código de acceso: 615204");
    expect(mail.text.trim()).toBe("Tu código es 615204");
    expect(mail.html).toContain("<b>615204</b>");
    expect(mail.from).toBe("no-reply@rubrica.test");
    expect(mail.envelope).toEqual({ from: "no-reply@rubrica.test", to: ["firmante@example.com"] });
    expect(mail.messageId).toBe(result.messageId);
    expect(await readdir(outbox)).toHaveLength(0);
  });

  it("fails when the SMTP server cannot be reached", async () => {
    const closed = await startSmtpSink();
    await closed.stop();
    const { sendMail } = await loadNotify({ SMTP_URL: closed.url });

    await expect(sendMail({ to: "x@example.com", subject: "s", html: "<p>h</p>", text: "t" })).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("sendSms through Twilio", () => {
  it("posts To, From and Body to the Messages resource and returns Twilio's sid", async () => {
    const { sendSms } = await loadNotify(twilioEnv());
    const before = await scrapeMetrics();

    const result = await sendSms({ to: "+34611222333", body: "Rúbrica: tu código es 904417" });

    const message = await twilio.waitFor((received) => received.to === "+34611222333");
    expect(message).toMatchObject({ from: "+15005550006", body: "Rúbrica: tu código es 904417", accountSid: twilio.accountSid });
    expect(result.sid).toBe(message.sid);
    expect(twilio.requests).toEqual([{ method: "POST", path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`, status: 201 }]);
    expect(await readdir(outbox)).toHaveLength(0);
    expect(changes(before, await scrapeMetrics(), "rubrica_messages_total")).toEqual({ '{channel="sms",outcome="sent"}': 1 });
  });

  it("surfaces Twilio's authentication error and sends nothing with a wrong token", async () => {
    const { sendSms } = await loadNotify(twilioEnv({ TWILIO_AUTH_TOKEN: "wrong-token" }));
    const before = await scrapeMetrics();

    await expect(sendSms({ to: "+34611222333", body: "hola" })).rejects.toMatchObject({ status: 401, code: 20003 });
    expect(twilio.messages).toHaveLength(0);
    expect(twilio.requests.map((request) => request.status)).toEqual([401]);
    expect(changes(before, await scrapeMetrics(), "rubrica_messages_total")).toEqual({ '{channel="sms",outcome="failed"}': 1 });
  });

  it("keeps a path prefix of TWILIO_API_BASE_URL", async () => {
    const { sendSms } = await loadNotify(twilioEnv({ TWILIO_API_BASE_URL: `${twilio.url}/gateway/` }));

    await expect(sendSms({ to: "+34611222333", body: "hola" })).rejects.toMatchObject({ status: 404 });
    expect(twilio.requests[0]?.path).toBe(`/gateway/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
  });
});

describe("outbox fallback", () => {
  it("writes mail and SMS to MAIL_OUTBOX_DIR when neither SMTP nor Twilio is configured", async () => {
    const { sendMail, sendSms } = await loadNotify({});
    const before = await scrapeMetrics();

    await sendMail({ to: "ana@example.com", subject: "s", html: "<p>h</p>", text: "t" });
    await sendSms({ to: "+34600111222", body: "código 123456" });
    expect(changes(before, await scrapeMetrics(), "rubrica_messages_total")).toEqual({
      '{channel="mail",outcome="sent"}': 1,
      '{channel="sms",outcome="sent"}': 1,
    });

    const files = await readdir(outbox);
    expect(files.filter((file) => file.endsWith(".eml"))).toHaveLength(1);
    expect(files.filter((file) => file.endsWith(".sms.txt"))).toHaveLength(1);
    expect(sink.messages).toHaveLength(0);
    expect(twilio.messages).toHaveLength(0);
  });
});
