import { errorFields, logger } from "@/lib/log/logger";

// What a long-running process (the worker; the web app has Next's own handlers) does with an error
// nobody handled. A socket that fails after its owner stopped listening (a peer resetting a connection,
// a pipe closed mid-write) says nothing about the state of this process: it is logged and the process
// goes on, so that one dropped connection does not stop every job of the node. Any other uncaught
// exception leaves the process in an unknown state: it is logged and the process exits, and the
// supervisor starts a fresh one (jobs are idempotent and a killed worker's jobs are taken back). A
// promise rejected with nobody waiting is logged and the process goes on, as Next does for the web app.

const socketErrorCodes = new Set([
  "ECONNRESET",
  "EPIPE",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "ENOTFOUND",
  "ERR_STREAM_PREMATURE_CLOSE",
  "ERR_SOCKET_CLOSED",
]);

/** A network failure of one connection: a socket error code, or a system call on a socket that failed. */
export function isStraySocketError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (code !== undefined && socketErrorCodes.has(code)) return true;
  return syscall !== undefined && ["read", "write", "connect", "getaddrinfo"].includes(syscall);
}

// Only the error's name, code and message (errorFields): a stack or the error object may carry request data.

const installed = Symbol.for("rubrica.processGuards");

export function installProcessGuards(name: string, exit: (code: number) => void = (code) => process.exit(code)): void {
  const flags = process as unknown as Record<symbol, boolean>;
  if (flags[installed]) return;
  flags[installed] = true;
  process.on("uncaughtException", (error) => {
    if (isStraySocketError(error)) {
      logger(name).warn(errorFields(error), "a connection failed with nobody listening; going on");
      return;
    }
    logger(name).fatal(errorFields(error), "uncaught exception; exiting");
    exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logger(name).error(errorFields(reason), "unhandled promise rejection; going on");
  });
}

type ProcessEvent = "uncaughtException" | "unhandledRejection";
const processEvents: ProcessEvent[] = ["uncaughtException", "unhandledRejection"];

/**
 * Runs `load` and takes back the process-wide handlers it added. Emscripten's Node glue (tfjs'
 * WebAssembly backend) registers handlers that rethrow every uncaught exception and unhandled
 * rejection, which turns any stray socket error anywhere in the process into its death and overrides
 * the process's own policy (the worker's guards above, Next's handlers, the test runner's reporting).
 */
export async function withoutProcessHandlersOf<T>(load: () => Promise<T>): Promise<T> {
  // Through EventEmitter's untyped view: process.listeners() is overloaded per event name.
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(processEvents.map((event) => [event, new Set(emitter.listeners(event))]));
  try {
    return await load();
  } finally {
    for (const event of processEvents) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)!.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
      }
    }
  }
}
