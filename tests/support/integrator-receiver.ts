import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * The integrator's receiver (webhook endpoints, shipment callbacks): records every request in `received` and answers
 * the statuses queued in `answers`, in order; 200 once they run out. `receive` also serves an HTTPS server of the test's.
 */
export function integratorReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let server: Server | undefined;

  function receive(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  }

  return {
    received,
    answers,
    receive,
    /** Listens on a free loopback port; resolves to its base URL (http://127.0.0.1:port). */
    async start(): Promise<string> {
      const listening = createServer(receive);
      server = listening;
      await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    },
    async stop() {
      if (server) await new Promise((resolve) => server!.close(resolve));
    },
    /** Forgets what was received and the answers still queued (before each test). */
    reset() {
      received.length = 0;
      answers.length = 0;
    },
  };
}
