import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const baseEnv = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/rubrica_unit_unused",
  AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789abcdef",
  DATA_ENCRYPTION_KEY: "ab".repeat(32),
  MAIL_FROM: "Rúbrica <no-reply@rubrica.test>",
  SMTP_URL: "",
  TWILIO_ACCOUNT_SID: "",
  TWILIO_AUTH_TOKEN: "",
  TWILIO_FROM: "",
  TWILIO_API_BASE_URL: "",
};

let outbox: string;

// env() caches its first read, so every test loads the modules afresh under the variables it stubs.
async function loadNotify(overrides: Record<string, string> = {}) {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...baseEnv, MAIL_OUTBOX_DIR: outbox, ...overrides })) vi.stubEnv(name, value);
  const [mail, sms] = await Promise.all([import("@/lib/notify/mail"), import("@/lib/notify/sms")]);
  return { sendMail: mail.sendMail, sendSms: sms.sendSms };
}

beforeEach(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), "rubrica-outbox-"));
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(outbox, { recursive: true, force: true });
});

describe("sendMail without SMTP_URL", () => {
  it("writes the whole message as an .eml file in MAIL_OUTBOX_DIR", async () => {
    const { sendMail } = await loadNotify();

    const result = await sendMail({
      to: "ana@example.com",
      subject: "Tu código de verificación",
      html: "<p>Código: <strong>482913</strong></p>",
      text: "Código: 482913",
    });

    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ana@example\.com.*\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(outbox, files[0] ?? "")));
    expect(parsed.subject).toBe("Tu código de verificación");
    expect(parsed.text?.trim()).toBe("Código: 482913");
    expect(parsed.html).toContain("<strong>482913</strong>");
    expect(parsed.from?.value[0]).toEqual({ address: "no-reply@rubrica.test", name: "Rúbrica" });
    expect(parsed.messageId).toBe(result.messageId);
  });

  it("keeps one file per message", async () => {
    const { sendMail } = await loadNotify();

    await sendMail({ to: "a@example.com", subject: "uno", html: "<p>1</p>", text: "1" });
    await sendMail({ to: "b@example.com", subject: "dos", html: "<p>2</p>", text: "2" });

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files.some((file) => file.includes("a@example.com"))).toBe(true);
    expect(files.some((file) => file.includes("b@example.com"))).toBe(true);
  });
});

describe("sendSms without a Twilio account", () => {
  it("writes the SMS as a .sms.txt file in MAIL_OUTBOX_DIR", async () => {
    const { sendSms } = await loadNotify();

    const result = await sendSms({ to: "+34600111222", body: "Rúbrica: tu código es 731905" });

    expect(result.sid).toMatch(/^SM[0-9a-f]{32}$/);
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\+34600111222.*\.sms\.txt$/);
    const content = await readFile(path.join(outbox, files[0] ?? ""), "utf8");
    expect(content).toContain("To: +34600111222");
    expect(content).toContain(`Sid: ${result.sid}`);
    expect(content).toContain("Rúbrica: tu código es 731905");
  });

  it.each(["600111222", "+0034600111222", "+34 600 111 222", "+1234567890123456"])("rejects %s, which is not E.164", async (to) => {
    const { sendSms } = await loadNotify();

    await expect(sendSms({ to, body: "hola" })).rejects.toThrow(/E\.164/);
    expect(await readdir(outbox)).toHaveLength(0);
  });

  it("refuses a partly configured account instead of falling back to the outbox", async () => {
    const { sendSms } = await loadNotify({ TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000" });

    await expect(sendSms({ to: "+34600111222", body: "hola" })).rejects.toThrow(/partly configured/);
    expect(await readdir(outbox)).toHaveLength(0);
  });
});
