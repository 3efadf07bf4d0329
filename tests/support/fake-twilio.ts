import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createCollector } from "./collector";

export type FakeTwilioMessage = {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  status: "queued";
  dateCreated: string;
};

export type FakeTwilioRequest = { method: string; path: string; status: number };

export type FakeTwilio = {
  port: number;
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  // Every request with the status it got, so tests can see rejected calls too.
  requests: FakeTwilioRequest[];
  waitFor(predicate?: (message: FakeTwilioMessage) => boolean, timeoutMs?: number): Promise<FakeTwilioMessage>;
  clear(): void;
  stop(): Promise<void>;
};

export type FakeTwilioOptions = {
  accountSid?: string;
  authToken?: string;
  // 0 (the default) picks a free port; the browser tests use a fixed one that the web server is told.
  port?: number;
  onMessage?: (message: FakeTwilioMessage) => void | Promise<void>;
};

const API_VERSION = "2010-04-01";
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const E164 = /^\+[1-9]\d{1,14}$/;

function hex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

function sendJson(response: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(payload));
}

// The error shape twilio-node turns into a RestException.
function sendError(response: ServerResponse, status: number, code: number, message: string, headers?: Record<string, string>): void {
  sendJson(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
}

function basicAuth(request: IncomingMessage): { username: string; password: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Basic ")) return undefined;
  const decoded = Buffer.from(header.slice("Basic ".length), "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  if (separator < 0) return undefined;
  return { username: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

// Twilio's Messages resource as far as Rúbrica uses it: create an SMS, answered the way the real API answers.
export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${hex(16)}`;
  const authToken = options.authToken ?? hex(16);
  const collector = createCollector<FakeTwilioMessage>("SMS");
  const requests: FakeTwilioRequest[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? "/", "http://fake-twilio").pathname;
    const match = MESSAGES_PATH.exec(path);
    if (request.method !== "POST" || !match) {
      sendError(response, 404, 20404, `The requested resource ${path} was not found`);
      return;
    }
    const credentials = basicAuth(request);
    if (!credentials || credentials.username !== accountSid || credentials.password !== authToken) {
      sendError(response, 401, 20003, "Authenticate", { "WWW-Authenticate": 'Basic realm="Twilio API"' });
      return;
    }
    if (match[1] !== accountSid) {
      sendError(response, 404, 20404, `The requested resource ${path} was not found`);
      return;
    }

    const form = new URLSearchParams(await readBody(request));
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? "";
    const body = form.get("Body") ?? "";
    if (!to) return sendError(response, 400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return sendError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from) return sendError(response, 400, 21603, "A 'From' phone number is required.");
    if (!body) return sendError(response, 400, 21602, "Message body is required.");

    const now = new Date();
    const message: FakeTwilioMessage = {
      sid: `SM${hex(16)}`,
      accountSid,
      to,
      from,
      body,
      status: "queued",
      dateCreated: now.toISOString(),
    };
    await options.onMessage?.(message);
    collector.push(message);
    const uri = `/${API_VERSION}/Accounts/${accountSid}/Messages/${message.sid}`;
    sendJson(response, 201, {
      account_sid: accountSid,
      api_version: API_VERSION,
      body,
      date_created: now.toUTCString(),
      date_sent: null,
      date_updated: now.toUTCString(),
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: String(Math.max(1, Math.ceil(body.length / 160))),
      price: null,
      price_unit: "USD",
      sid: message.sid,
      status: message.status,
      subresource_uris: { media: `${uri}/Media.json`, feedback: `${uri}/Feedback.json` },
      to,
      uri: `${uri}.json`,
    });
  }

  const server = createServer((request, response) => {
    response.on("finish", () => requests.push({ method: request.method ?? "", path: request.url ?? "", status: response.statusCode }));
    handle(request, response).catch((error: unknown) => {
      sendError(response, 500, 20500, error instanceof Error ? error.message : "Internal Server Error");
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages: collector.messages,
    requests,
    waitFor: collector.waitFor,
    clear() {
      collector.clear();
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        collector.close();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
