import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";
import { createCollector } from "./collector";

export type SinkMail = {
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: string;
  raw: string;
};

export type SmtpSink = {
  port: number;
  url: string;
  messages: SinkMail[];
  waitFor(predicate?: (mail: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>;
  clear(): void;
  stop(): Promise<void>;
};

export type SmtpSinkOptions = {
  // 0 (the default) picks a free port; the browser tests use a fixed one that the web server is told.
  port?: number;
  onMessage?: (mail: SinkMail) => void | Promise<void>;
};

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? "")).filter(Boolean);
}

// A real SMTP server, so tests exercise nodemailer's whole SMTP conversation rather than a mock.
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const collector = createCollector<SinkMail>("mail");

  const server = new SMTPServer({
    logger: false,
    // No TLS on loopback: nodemailer would upgrade to STARTTLS and reject smtp-server's self-signed certificate.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (parsed) => {
            const mail: SinkMail = {
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
              },
              from: addresses(parsed.from)[0] ?? "",
              to: addresses(parsed.to),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              messageId: parsed.messageId ?? "",
              date: (parsed.date ?? new Date()).toISOString(),
              raw: raw.toString("utf8"),
            };
            await options.onMessage?.(mail);
            collector.push(mail);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  // smtp-server reports a client's dropped connection (ECONNRESET) as an 'error' event on the server; with
  // no listener that is an uncaught exception that ends the whole test process. A sink takes it in stride.
  server.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages: collector.messages,
    waitFor: collector.waitFor,
    clear: collector.clear,
    stop: () =>
      new Promise<void>((resolve) => {
        collector.close();
        server.close(() => resolve());
      }),
  };
}
