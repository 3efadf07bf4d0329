import { randomBytes } from "node:crypto";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { env } from "@/lib/config/env";
import { countedMessage } from "@/lib/health/metrics";
import { writeToOutbox } from "@/lib/notify/outbox";

export type SmsInput = { to: string; body: string };

type TwilioConfig = { accountSid: string; authToken: string; from: string; apiBaseUrl?: string };

const E164 = /^\+[1-9]\d{1,14}$/;

// twilio-node has no base-URL option; its documented extension point for custom HTTP is the httpClient
// option, so this client moves every request to TWILIO_API_BASE_URL, keeping path and query.
class BaseUrlRequestClient extends twilio.RequestClient {
  readonly #base: URL;

  constructor(baseUrl: string) {
    super();
    this.#base = new URL(baseUrl);
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const original = new URL(opts.uri);
    const target = new URL(this.#base);
    target.pathname = this.#base.pathname.replace(/\/$/, "") + original.pathname;
    target.search = original.search;
    return super.request({ ...opts, uri: target.href });
  }
}

let client: twilio.Twilio | undefined;

function twilioConfig(): TwilioConfig | undefined {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_BASE_URL } = env();
  const set = [TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM].filter(Boolean).length;
  if (set === 0) return undefined;
  // A half-configured account would otherwise drop real SMS into the outbox without anyone noticing.
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM) {
    throw new Error("Twilio is partly configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none of them");
  }
  return { accountSid: TWILIO_ACCOUNT_SID, authToken: TWILIO_AUTH_TOKEN, from: TWILIO_FROM, apiBaseUrl: TWILIO_API_BASE_URL };
}

function getClient(config: TwilioConfig): twilio.Twilio {
  client ??= twilio(config.accountSid, config.authToken, {
    httpClient: config.apiBaseUrl ? new BaseUrlRequestClient(config.apiBaseUrl) : undefined,
  });
  return client;
}

// Bodies carry one-time codes: nothing here logs them, and transport errors are rethrown without
// the request (axios errors hold the form data, body included).
export function sendSms(input: SmsInput): Promise<{ sid: string }> {
  return countedMessage("sms", () => deliverSms(input));
}

async function deliverSms(input: SmsInput): Promise<{ sid: string }> {
  if (!E164.test(input.to)) throw new Error("sendSms needs the recipient as an E.164 number (+ and up to 15 digits)");
  const config = twilioConfig();
  if (!config) {
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const content = `To: ${input.to}\nSid: ${sid}\nDate: ${new Date().toISOString()}\n\n${input.body}\n`;
    await writeToOutbox(input.to, ".sms.txt", content);
    return { sid };
  }
  try {
    const message = await getClient(config).messages.create({ to: input.to, from: config.from, body: input.body });
    return { sid: message.sid };
  } catch (error) {
    if (error instanceof twilio.RestException) throw error;
    throw new Error(`SMS could not be sent through Twilio: ${error instanceof Error ? error.message : String(error)}`);
  }
}
