/**
 * Prepares a shipment (one PDF, one signer), sends it, follows its state, and verifies the document.sent webhook
 * that Rúbrica delivers to a small receiver on this machine.
 *
 *   RUBRICA_BASE_URL=https://firma.example.com RUBRICA_API_KEY=rbk_… \
 *   RUBRICA_WEBHOOK_SECRET=whsec_… RUBRICA_WEBHOOK_PORT=4000 npx tsx sdk/examples/send-and-follow.ts
 *
 * RUBRICA_WEBHOOK_SECRET is the secret of a webhook endpoint an administrator registered (portal: API access →
 * Webhooks, or POST /api/webhook-endpoints) for `document.sent` at http://<this machine>:<port>/rubrica-webhooks;
 * several secrets, comma-separated, during a rotation. Without it the example skips the webhook.
 * RUBRICA_PDF names the PDF to send (default: a one-page PDF made here); SIGNER_EMAIL the signer's address.
 * In your project import from "@rubrica/sdk" instead of "../src/index.js".
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import {
  createRubricaClient,
  idempotencyKey,
  unwrap,
  verifyWebhook,
  WebhookVerificationError,
  type RubricaWebhookEvent,
  type RubricaWebhookEventOf,
} from "../src/index.js";

const baseUrl = process.env.RUBRICA_BASE_URL ?? "http://127.0.0.1:3000";
const apiKey = process.env.RUBRICA_API_KEY;
const webhookSecrets = process.env.RUBRICA_WEBHOOK_SECRET?.split(",").filter(Boolean) ?? [];
const webhookPort = Number(process.env.RUBRICA_WEBHOOK_PORT ?? 4000);
const signerEmail = process.env.SIGNER_EMAIL ?? "firmante@example.com";
const waitSeconds = Number(process.env.WAIT_SECONDS ?? 60);
if (!apiKey) throw new Error("Set RUBRICA_API_KEY (portal: API access → new key)");

const client = createRubricaClient({ baseUrl, apiKey, language: "en-us" });

/** A one-page PDF with a line of text, for trying the API without a file at hand. */
function onePagePdf(text: string): Uint8Array {
  const content = `BT /F1 18 Tf 72 770 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/**
 * Listens for webhook deliveries; answers 2xx only to a verified one (anything else is retried by Rúbrica) and
 * resolves with the first verified event that `wanted` accepts.
 */
function receiveWebhook<T extends RubricaWebhookEvent>(
  port: number,
  secrets: string[],
  wanted: (event: RubricaWebhookEvent) => event is T,
) {
  let resolve!: (event: T) => void;
  const received = new Promise<T>((done) => (resolve = done));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        // The raw body, exactly as it arrived: parsing and re-serialising it would break the signature.
        const event = verifyWebhook(secrets, request.headers, Buffer.concat(chunks));
        response.writeHead(204).end();
        if (wanted(event)) resolve(event);
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        console.log(`webhook refused: ${error.reason}`);
        response.writeHead(400).end();
      }
    });
  });
  return new Promise<{ received: Promise<T>; close: () => void }>((ready) =>
    server.listen(port, "127.0.0.1", () => ready({ received, close: () => server.close() })),
  );
}

let documentHexId = "";
const receiver = webhookSecrets.length
  ? await receiveWebhook(
      webhookPort,
      webhookSecrets,
      // RubricaWebhookEvent is the union of every event's body: checking `type` narrows `data` to that event's.
      (event): event is RubricaWebhookEventOf<"document.sent"> =>
        event.type === "document.sent" && event.data.documentHexId === documentHexId,
    )
  : undefined;

try {
  // 1. A draft: title, description and expiration date are needed to send it. The Idempotency-Key makes a retry after a lost answer safe: the same key replays the first answer.
  const draft = unwrap(
    await client.POST("/api/documents", {
      body: {
        title: "SDK example",
        description: "Sent by sdk/examples/send-and-follow.ts",
        expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        flowHexId: null,
        tags: ["sdk"],
        callBackUrl: null,
        callBackUrlSoftFail: null,
      },
      headers: idempotencyKey(),
    }),
  );
  documentHexId = draft.documentHexId;
  console.log(`draft created: ${documentHexId}`);

  // 2. The PDF: a body with a File (or Blob) in it goes as multipart/form-data, one part per field.
  const pdf = process.env.RUBRICA_PDF ? await readFile(process.env.RUBRICA_PDF) : onePagePdf("Contrato de ejemplo del SDK");
  const file = new File([new Uint8Array(pdf)], "contrato.pdf", { type: "application/pdf" });
  const path = { documentHexId };
  unwrap(await client.POST("/api/documents/{documentHexId}/files", { params: { path }, body: { file } }));
  console.log("file uploaded");

  // 3. One signer, in the first (only) order.
  unwrap(
    await client.PUT("/api/documents/{documentHexId}/signers", {
      params: { path },
      body: {
        signers: [
          {
            firstName: "Elena",
            lastName: "Ejemplo",
            email: signerEmail,
            cellPhone: null,
            preferredLanguage: "es-es",
            position: 1,
            mandatory: true,
            canReject: true,
          },
        ],
        orders: [{ position: 1, minSigners: 1 }],
      },
    }),
  );
  console.log(`signer added: ${signerEmail}`);

  // 4. Send it: the signers of the first order are invited.
  const sent = unwrap(await client.POST("/api/documents/{documentHexId}/send", { params: { path }, headers: idempotencyKey() }));
  console.log(`shipment sent: ${sent.status}`);

  // 5. Follow it until the invitation has gone out (a real integration would rather wait for webhooks).
  for (let attempt = 0; ; attempt++) {
    const status = unwrap(await client.GET("/api/documents/{documentHexId}/status", { params: { path } }));
    const invited = status.signers.filter((signer) => signer.invitedAt !== null).length;
    console.log(`status: ${status.status}, ${invited}/${status.signers.length} signers invited`);
    if (invited === status.signers.length || attempt >= waitSeconds) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  // 6. The document.sent webhook, verified.
  if (receiver) {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no verified document.sent webhook within ${waitSeconds} s`)), waitSeconds * 1000).unref(),
    );
    const event = await Promise.race([receiver.received, timeout]);
    console.log(`webhook verified: ${event.type} ${event.data.documentHexId} ${event.data.status}`);
  }
} finally {
  receiver?.close();
}
