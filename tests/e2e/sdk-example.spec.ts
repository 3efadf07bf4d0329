import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { createRubricaClient, unwrap } from "@/sdk/src";
import { db } from "@/lib/db/client";
import { demo } from "./support/accounts";

// The SDK's example (sdk/examples/send-and-follow.ts) against the app under test, as an integrator runs it: a
// child process with the base URL, an API key and the secret of a webhook endpoint pointing at its receiver.

const baseUrl = "http://127.0.0.1:3100";

/** A port nothing listens on now, for the example's receiver. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function runExample(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", "sdk/examples/send-and-follow.ts"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

test.describe("SDK example", () => {
  test("with an API key it prepares, sends and follows a shipment, and verifies the document.sent webhook it receives", async () => {
    test.setTimeout(150_000);
    const anonymous = createRubricaClient({ baseUrl });
    const { token } = unwrap(
      await anonymous.POST("/api/authenticate", { body: { username: demo.orgAdmin.email, password: demo.orgAdmin.password } }),
    );
    const admin = createRubricaClient({ baseUrl, token });

    const role = await db.role.findFirstOrThrow({ where: { name: "Administrador", organization: { name: "Notaría Demo S.L." } } });
    const { apiKey } = unwrap(
      await admin.POST("/api/api-keys", { body: { name: `SDK example ${Date.now()}`, description: null, roleHexId: role.hexId } }),
    );
    const port = await freePort();
    const endpoint = unwrap(
      await admin.POST("/api/webhook-endpoints", {
        body: { url: `http://127.0.0.1:${port}/rubrica-webhooks`, events: ["document.sent"] },
      }),
    );

    try {
      const { code, output } = await runExample({
        RUBRICA_BASE_URL: baseUrl,
        RUBRICA_API_KEY: apiKey,
        RUBRICA_WEBHOOK_SECRET: endpoint.secret,
        RUBRICA_WEBHOOK_PORT: String(port),
        SIGNER_EMAIL: `sdk-${Date.now()}@example.test`,
        WAIT_SECONDS: "90",
      });
      expect(output).toMatch(/^draft created: [0-9a-f]{32}$/m);
      const documentHexId = /^draft created: ([0-9a-f]{32})$/m.exec(output)![1]!;
      expect(output).toContain("file uploaded");
      expect(output).toMatch(/^shipment sent: (SENT|IN_PROGRESS)$/m);
      expect(output).toMatch(/^status: (SENT|IN_PROGRESS), 1\/1 signers invited$/m);
      expect(output).toContain(`webhook verified: document.sent ${documentHexId}`);
      expect(output).not.toContain("webhook refused");
      expect(code, output).toBe(0);

      // Rúbrica records the delivery as delivered once the receiver's 2xx (sent only after the signature verified) is in.
      const path = { webhookHexId: endpoint.webhookHexId };
      await expect
        .poll(
          async () =>
            unwrap(await admin.GET("/api/webhook-endpoints/{webhookHexId}/deliveries", { params: { path } }))._embedded.webhookDeliveries,
          {
            timeout: 15_000,
          },
        )
        .toEqual([expect.objectContaining({ event: "document.sent", status: "DELIVERED", attempts: 1, responseCode: 204 })]);
      const shipment = unwrap(
        await createRubricaClient({ baseUrl, apiKey }).GET("/api/documents/{documentHexId}/status", {
          params: { path: { documentHexId } },
        }),
      );
      expect(shipment.title).toBe("SDK example");
    } finally {
      await admin.DELETE("/api/webhook-endpoints/{webhookHexId}", { params: { path: { webhookHexId: endpoint.webhookHexId } } });
    }
  });
});
