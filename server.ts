import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import next from "next";
import { clientAddress, clientAddressHeader, parseTrustedProxies } from "./lib/http/client-address";
import { requestIdHeader } from "./lib/http/request-id";
import { errorFields, logger, requestIdFrom } from "./lib/log/logger";
import { describeWarmUp, warmUp } from "./lib/http/warm-up";
import { env } from "./lib/config/env";
import { startFaceThreads } from "./lib/face/face-engine";

// The production web server (npm start, scripts/run.sh, the image, the browser tests): Next's own request handler
// behind a plain node:http server, so that route handlers learn the connection's address, which Next does not
// expose (it copies it into X-Forwarded-For only when the client sent none). Usage: tsx server.ts [-p 3000] [-H host].

function option(flag: string, long: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === flag || arg === long);
  return at >= 0 ? args[at + 1] : undefined;
}

const port = Number(option("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = option("-H", "--hostname");
const proxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
// A fresh secret per process: lib/http/request.ts believes the handed address only with it, so a client that
// writes the header itself, or a bare `next start` that passes it through, is not believed.
const token = randomBytes(24).toString("hex");
process.env.RUBRICA_CLIENT_ADDRESS_TOKEN = token;
(process.env as Record<string, string>).NODE_ENV ??= "production";

const app = next({ dev: false, hostname: hostname ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  const address = clientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], proxies);
  request.headers[clientAddressHeader] = `${token} ${address}`;
  // Every answer, pages included, carries the request id; API routes log under the same one (lib/http/request-id.ts).
  const presented = request.headers[requestIdHeader];
  const requestId = requestIdFrom(typeof presented === "string" ? presented : null);
  request.headers[requestIdHeader] = requestId;
  response.setHeader(requestIdHeader, requestId);
  handle(request, response).catch((error: unknown) => {
    // The method only: the path or query may hold a link secret.
    logger("server").error({ requestId, method: request.method, ...errorFields(error) }, "unhandled error");
    if (!response.headersSent) response.writeHead(500).end();
  });
});
server.listen(port, hostname, () => {
  // Ready once warm: the first request after a start would otherwise wait seconds for first loads (lib/http/warm-up.ts).
  const host = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;
  const local = `http://${host}:${port}`;
  void warmUp(local).then((timings) => {
    logger("server").info({ warmUp: describeWarmUp(timings) }, "warmed up");
    logger("server").info({ url: `http://${hostname ?? "localhost"}:${port}` }, "ready");
    startWebFaceThreads();
  });
});

/**
 * The ID photo's faces are counted when it is uploaded (lib/evidence/document-check.ts), in this process: on a face
 * thread of its own (lib/face/face-engine.ts startFaceThreads; the route handlers' detectFaces finds it on globalThis),
 * so that SSD's ~0.4 s of WebAssembly never holds up the requests this server answers meanwhile, and the models are
 * loaded and warm before the first upload (else it waited seconds for them). WEB_FACE_THREADS=0: on the main thread,
 * loaded on first use, as before.
 */
function startWebFaceThreads() {
  const count = env().WEB_FACE_THREADS ?? 1;
  if (count === 0) return;
  startFaceThreads(count).then(
    ({ threads, loadMs, warmMs }) =>
      threads > 0
        ? logger("server").info({ threads, loadMs, warmMs }, "face engine ready (models loaded, first detection made)")
        : logger("server").error({ wanted: count }, "no face thread started; uploads' faces are analysed on the main thread"),
    (error: unknown) => logger("server").error(errorFields(error), "face engine not loaded at start"),
  );
}
