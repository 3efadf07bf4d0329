import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRubricaClient, idempotencyKey, RubricaApiError, unwrap, type RubricaFieldError } from "@/sdk/src";

// The SDK's client against a loopback receiver that records what arrives and answers as Rúbrica does.

const invalidFields = [
  { field: "title", errorCode: "VALIDATION_FAILED", message: "Required" },
  { field: "expirationDate", errorCode: "VALIDATION_FAILED", message: "Required" },
];
const received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body });
    if (request.url?.startsWith("/api/documents/invalid")) {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(JSON.stringify({ errorCode: "VALIDATION_FAILED", message: "Invalid", field: "title", fields: invalidFields }));
      return;
    }
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

  it("gives a validation error's fields as the list the API answers", async () => {
    const client = createRubricaClient({ baseUrl, apiKey: "rbk_test" });
    const result = await client.GET("/api/documents/{documentHexId}/status", { params: { path: { documentHexId: "invalid" } } });
    try {
      unwrap(result);
      expect.unreachable("unwrap should throw");
    } catch (error) {
      if (!(error instanceof RubricaApiError)) throw error;
      const fields: RubricaFieldError[] | undefined = error.fields;
      expect(fields).toEqual(invalidFields);
      expect(fields?.map((f) => f.field)).toEqual(["title", "expirationDate"]);
    }
  });

  it("sends a body holding a File as multipart/form-data, typed without a cast, and any other body as JSON", async () => {
    const client = createRubricaClient({ baseUrl, apiKey: "rbk_test" });
    const path = { documentHexId: "a1b2c3d4e5f60718293a4b5c6d7e8f90" };
    const file = new File(["%PDF-1.4 contrato"], "contrato.pdf", { type: "application/pdf" });
    await client.POST("/api/documents/{documentHexId}/files", { params: { path }, body: { file, documentTypeHexId: "f".repeat(32) } });
    const upload = received.at(-1)!;
    expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Request("http://x/", {
      method: "POST",
      headers: { "content-type": upload.headers["content-type"]! },
      body: upload.body,
    }).formData();
    const part = form.get("file");
    expect(part).toBeInstanceOf(File);
    expect([(part as File).name, (part as File).type, await (part as File).text()]).toEqual([
      "contrato.pdf",
      "application/pdf",
      "%PDF-1.4 contrato",
    ]);
    expect(form.get("documentTypeHexId")).toBe("f".repeat(32));

    await client.POST("/api/documents/{documentHexId}/send", { params: { path } });
    await client.PUT("/api/documents/{documentHexId}/notifications", { params: { path }, body: { notifications: [] } });
    expect(received.at(-1)!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(received.at(-1)!.body)).toEqual({ notifications: [] });
  });
});
