import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

// The one logger of the web app and the worker: JSON lines on stdout (pino), one object per event. Every line
// written while a request or a job runs carries its request id (and the job's name and id), taken from the
// AsyncLocalStorage below, so an operator follows one request from its answer into every job it caused.
//
// The discipline, on top of the redaction list: log ids (hexId, database ids, job ids), counts, states, codes and
// error names/messages; never a request or response body, a link secret (urlSign, X-Url-Sign), a token, an API key,
// a password, a PIN or one-time code, an evidence's bytes or a webhook secret. The list below censors those fields
// where a structured object names them anyway.

export type LogContext = { requestId: string; job?: string; jobId?: string };

/** Fields that never reach a log line, at the top level of a logged object or one level down (`*.`). */
const secretFields = [
  "password",
  "newPassword",
  "currentPassword",
  "pin",
  "otp",
  "code",
  "token",
  "accessToken",
  "refreshToken",
  "apiKey",
  "secret",
  "signingSecret",
  "urlSign",
  "authorization",
  "cookie",
  "body",
  "evidence",
  "bytes",
  "file",
  "base64",
  '"x-url-sign"',
  '"x-api-key"',
  '"set-cookie"',
];
export const redactPaths = secretFields.flatMap((field) => {
  const bracketed = field.startsWith('"') ? `[${field}]` : field;
  return [bracketed, `*${field.startsWith('"') ? bracketed : `.${field}`}`];
});

const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const globalForLog = globalThis as unknown as { rubricaLogger?: Logger; rubricaLogContext?: AsyncLocalStorage<LogContext> };

const logContext = (globalForLog.rubricaLogContext ??= new AsyncLocalStorage<LogContext>());

/** LOG_LEVEL (default info); an unknown value is info rather than a process that cannot start. */
function configuredLevel(): string {
  const value = process.env.LOG_LEVEL?.trim().toLowerCase();
  return value && (levels as readonly string[]).includes(value) ? value : "info";
}

/**
 * The process's root logger, made at first use (settings are read when used, not when modules load). Human-readable
 * lines only when LOG_PRETTY=true asks for them; JSON otherwise, whatever NODE_ENV says.
 */
export function rootLogger(): Logger {
  if (!globalForLog.rubricaLogger) {
    const destination: DestinationStream =
      process.env.LOG_PRETTY === "true" ? pretty({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }) : process.stdout;
    globalForLog.rubricaLogger = pino(
      {
        level: configuredLevel(),
        base: { pid: process.pid },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: redactPaths, censor: "[redacted]" },
        mixin: () => logContext.getStore() ?? {},
      },
      destination,
    );
  }
  return globalForLog.rubricaLogger;
}

/** A logger for one part of the code (`component` on each line), at the root's current level. */
export function logger(component: string): Logger {
  return rootLogger().child({ component });
}

/** Runs `work` with `context` on every line it logs (and on every job it enqueues: lib/queue/enqueue.ts). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return logContext.run(context, work);
}

/** The request id of the request or job running now, if any. */
export function currentRequestId(): string | undefined {
  return logContext.getStore()?.requestId;
}

/** A client's X-Request-Id is kept when it is short and plain (letters, digits, `.`, `_`, `:`, `-`); else one is made. */
export function requestIdFrom(presented: string | null | undefined): string {
  return presented && /^[A-Za-z0-9._:-]{1,64}$/.test(presented) ? presented : randomUUID();
}

/** An error as a log line may hold it: name, code and message, never the stack's arguments or attached data. */
export function errorFields(error: unknown): { error: string } {
  if (!(error instanceof Error)) return { error: typeof error };
  const code = (error as NodeJS.ErrnoException).code;
  return { error: `${error.name}${code ? ` ${code}` : ""}: ${error.message}` };
}
