import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type StreamTransport from "nodemailer/lib/stream-transport";
import { env } from "@/lib/config/env";
import { countedMessage } from "@/lib/health/metrics";
import { writeToOutbox } from "@/lib/notify/outbox";

/**
 * `messageId`: a Message-ID of our own (with the angle brackets). A mail that may be sent twice (a
 * worker killed after the server took it) keeps one id, by which mail systems drop the copy.
 */
export type MailInput = { to: string; subject: string; html: string; text: string; messageId?: string };

type MailTransport =
  | { kind: "smtp"; transporter: Transporter<SMTPTransport.SentMessageInfo> }
  | { kind: "outbox"; transporter: Transporter<StreamTransport.SentMessageInfo> };

let transport: MailTransport | undefined;

function getTransport(): MailTransport {
  if (transport) return transport;
  const { SMTP_URL } = env();
  transport = SMTP_URL
    ? { kind: "smtp", transporter: nodemailer.createTransport(SMTP_URL) }
    : { kind: "outbox", transporter: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }) };
  return transport;
}

// Bodies carry one-time codes and signing links: nothing here logs them.
export function sendMail(input: MailInput): Promise<{ messageId: string }> {
  return countedMessage("mail", () => deliverMail(input));
}

async function deliverMail(input: MailInput): Promise<{ messageId: string }> {
  const current = getTransport();
  const message = {
    from: env().MAIL_FROM,
    to: input.to,
    subject: input.subject,
    html: input.html,
    text: input.text,
    ...(input.messageId ? { messageId: input.messageId } : {}),
  };
  if (current.kind === "smtp") {
    const info = await current.transporter.sendMail(message);
    return { messageId: info.messageId };
  }
  const info = await current.transporter.sendMail(message);
  if (!Buffer.isBuffer(info.message)) throw new Error("The outbox mail transport must render messages to a buffer");
  await writeToOutbox(input.to, ".eml", info.message);
  return { messageId: info.messageId };
}
