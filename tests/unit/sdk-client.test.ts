import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRubricaClient, idempotencyKey, RubricaApiError, unwrap } from "@/sdk/src";

// The SDK's client against a loopback receiver that records what arrives and answers as Rúbrica does.

const received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body });
    if (request.url?.startsWith("/api/documents/limited")) {
      response.writeHead(429, { "content-type": "application/json", "retry-after": "17" });
      response.end(JSON.stringify({ errorCode: "RATE_LIMITED", message: "Too many requests" }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ documentHexId: "a1b2c3d4e5f60718293a4b5c6d7e8f90", status: "SENT" }));
  });
});
let baseUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("createRubricaClient", () => {
  it("sends the API key, the language and an Idempotency-Key, and answers the typed data", async () => {
    const client = createRubricaClient({ baseUrl, apiKey: "rbk_test", language: "en-us" });
    const key = idempotencyKey();
    const path = { documentHexId: "a1b2c3d4e5f60718293a4b5c6d7e8f90" };
    const sent = unwrap(await client.POST("/api/documents/{documentHexId}/send", { params: { path }, headers: key }));
    expect(sent.status).toBe("SENT");
    const request = received.at(-1)!;
    expect(request).toMatchObject({ method: "POST", url: "/api/documents/a1b2c3d4e5f60718293a4b5c6d7e8f90/send" });
    expect(request.headers["x-api-key"]).toBe("rbk_test");
    expect(request.headers["accept-language"]).toBe("en-us");
    expect(request.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.headers["idempotency-key"]).toBe(key["Idempotency-Key"]);
    expect(idempotencyKey()["Idempotency-Key"]).not.toBe(key["Idempotency-Key"]);
  });

  it("sends a staff token as Bearer, Spanish unless told", async () => {
    const client = createRubricaClient({ baseUrl, token: "eyJ.token" });
    await client.GET("/api/documents/{documentHexId}/status", { params: { path: { documentHexId: "a1b2c3d4e5f60718293a4b5c6d7e8f90" } } });
    expect(received.at(-1)!.headers.authorization).toBe("Bearer eyJ.token");
    expect(received.at(-1)!.headers["x-api-key"]).toBeUndefined();
    expect(received.at(-1)!.headers["accept-language"]).toBe("es-es");
  });

  it("unwrap throws an error answer as RubricaApiError with its code, status and Retry-After", async () => {
    const client = createRubricaClient({ baseUrl, apiKey: "rbk_test" });
    const result = await client.GET("/api/documents/{documentHexId}/status", { params: { path: { documentHexId: "limited" } } });
    const error = (() => {
      try {
        unwrap(result);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(RubricaApiError);
    expect(error).toMatchObject({ status: 429, errorCode: "RATE_LIMITED", retryAfterSeconds: 17 });
  });
});
