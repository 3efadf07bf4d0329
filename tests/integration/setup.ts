import { startFakeTwilio, type FakeTwilio } from "../support/fake-twilio";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

// One SMTP sink and one fake Twilio for the whole integration run, on the ports that the
// integration env (vitest.config.ts) gives the app. Files share one fork, so start them once.
const state = globalThis as unknown as { rubricaPeers?: { mail: SmtpSink; sms: FakeTwilio } };

if (!state.rubricaPeers) {
  const [mail, sms] = await Promise.all([
    startSmtpSink({ port: Number(new URL(process.env.SMTP_URL ?? "smtp://127.0.0.1:2625").port) }),
    startFakeTwilio({
      port: Number(new URL(process.env.TWILIO_API_BASE_URL ?? "http://127.0.0.1:2626").port),
      accountSid: process.env.TWILIO_ACCOUNT_SID,
      authToken: process.env.TWILIO_AUTH_TOKEN,
    }),
  ]);
  state.rubricaPeers = { mail, sms };
}

export const peers = state.rubricaPeers;
