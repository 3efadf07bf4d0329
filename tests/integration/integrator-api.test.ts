import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { PDFDocument } from "@cantoo/pdf-lib";
import { QueueEvents, Worker } from "bullmq";
import { Ajv2020 } from "ajv/dist/2020";
import { POST as createKey } from "@/app/api/api-keys/route";
import { GET as listDocuments, POST as createDraft } from "@/app/api/documents/route";
import { POST as uploadFile } from "@/app/api/documents/[documentHexId]/files/route";
import { PUT as setSigners } from "@/app/api/documents/[documentHexId]/signers/route";
import { POST as send } from "@/app/api/documents/[documentHexId]/send/route";
import { GET as status } from "@/app/api/documents/[documentHexId]/status/route";
import { GET as dispatches } from "@/app/api/documents/[documentHexId]/dispatches/route";
import { GET as download } from "@/app/api/documents/[documentHexId]/download/route";
import { shipmentsQueue } from "@/lib/documents/shipment-jobs";
import { openApiDocument } from "@/lib/openapi/document";
import { queueConnection } from "@/lib/queue/connection";
import { runJob } from "@/workers/registry";
import { peers } from "./setup";
import { call, sendRequest } from "../support/http";
import { createTestOrganization, createTestUser } from "../support/fixtures";
import { signIn } from "../support/sign-in";

let apiKey: string;
let events: QueueEvents;
let worker: Worker;

beforeAll(async () => {
  const org = await createTestOrganization();
  const admin = await createTestUser(org);
  const token = await signIn(admin.email);
  const created = await call<{ apiKey: string }>(createKey, "/api/api-keys", {
    body: { name: "ERP", roleHexId: org.adminRole.hexId },
    token,
  });
  apiKey = created.body.apiKey;
  events = new QueueEvents(shipmentsQueue, { connection: queueConnection() });
  worker = new Worker(
    shipmentsQueue,
    (job) => runJob(job.name, job.data, { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 }),
    { connection: queueConnection() },
  );
  await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
});

afterAll(async () => {
  await worker.close();
  await events.close();
});

const openApi = openApiDocument();
type DescribedOperation = { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> };
const paths = openApi.paths as Record<string, Record<string, DescribedOperation>>;

/** The OpenAPI path template a concrete call matches, e.g. /api/documents/{documentHexId}/send. */
function describedPath(method: string, path: string): string | undefined {
  return Object.keys(paths).find((template) => {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    return pattern.test(path) && method.toLowerCase() in (paths[template] ?? {});
  });
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });

/** Whether an answer has the shape the document gives for that call and status. */
function matchesDescription(method: string, path: string, status: number, body: unknown): boolean {
  const template = describedPath(method, path);
  const schema = template
    ? paths[template]?.[method.toLowerCase()]?.responses[String(status)]?.content?.["application/json"]?.schema
    : undefined;
  if (!schema) throw new Error(`${method} ${path} ${status} has no JSON answer in the OpenAPI document`);
  const validate = ajv.compile({ ...schema, components: openApi.components });
  const valid = validate(body);
  if (!valid) throw new Error(`${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`);
  return valid;
}

describe("integrator API with an API key, through the endpoints the OpenAPI document describes", () => {
  it("creates a draft, uploads a PDF, sets a signer, sends, follows the status and the dispatches, and cannot download before completion", async () => {
    const headers = { "x-api-key": apiKey };
    const used: [string, string][] = [];
    const track = (method: string, path: string) => {
      used.push([method, path]);
      return path;
    };

    const draft = await call<{ documentHexId: string }>(createDraft, track("POST", "/api/documents"), {
      body: {
        title: "Contrato ERP",
        description: "Alta de proveedor",
        expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        tags: ["erp"],
      },
      headers,
    });
    expect(draft.status).toBe(201);
    const hexId = draft.body.documentHexId;

    const pdf = await PDFDocument.create();
    pdf.addPage([595, 842]);
    const form = new FormData();
    form.set("file", new Blob([Buffer.from(await pdf.save())], { type: "application/pdf" }), "contrato.pdf");
    const uploadPath = track("POST", `/api/documents/${hexId}/files`);
    const uploaded = await sendRequest(
      uploadFile,
      new NextRequest(`http://127.0.0.1:3000${uploadPath}`, { method: "POST", body: form, headers }),
    );
    expect(uploaded.status).toBe(201);

    const email = `erp-firmante-${hexId.slice(0, 6)}@example.test`;
    const signers = await call(setSigners, track("PUT", `/api/documents/${hexId}/signers`), {
      method: "PUT",
      body: {
        signers: [{ firstName: "Elena", lastName: "Proveedora", email, cellPhone: null, preferredLanguage: "es-es", position: 1 }],
        orders: [{ position: 1, minSigners: 1 }],
      },
      headers,
      params: { documentHexId: hexId },
    });
    expect(signers.status).toBe(200);

    expect(
      (await call(send, track("POST", `/api/documents/${hexId}/send`), { body: {}, headers, params: { documentHexId: hexId } })).status,
    ).toBe(200);
    const mail = await peers.mail.waitFor((m) => m.to.includes(email), 15_000);
    expect(mail.text).toMatch(/\/sign\/[0-9a-f]{32}\/[0-9a-f]{32}/);

    const followed = await call(status, track("GET", `/api/documents/${hexId}/status`), { headers, params: { documentHexId: hexId } });
    expect(followed.status).toBe(200);
    expect(JSON.stringify(followed.body)).not.toContain("/sign/");
    expect(matchesDescription("GET", `/api/documents/${hexId}/status`, 200, followed.body)).toBe(true);

    const sent = await call<{ _embedded: { dispatches: { status: string; kind: string; channel: string; destination: string }[] } }>(
      dispatches,
      track("GET", `/api/documents/${hexId}/dispatches`),
      {
        headers,
        params: { documentHexId: hexId },
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.body._embedded.dispatches).toEqual([
      expect.objectContaining({ kind: "INVITATION", channel: "EMAIL", destination: `e***@example.test` }),
    ]);
    expect(JSON.stringify(sent.body)).not.toMatch(/\/sign\/|urlSign/);
    expect(JSON.stringify(sent.body)).not.toContain(email);
    expect(matchesDescription("GET", `/api/documents/${hexId}/dispatches`, 200, sent.body)).toBe(true);

    const early = await call<{ errorCode: string }>(download, track("GET", `/api/documents/${hexId}/download`), {
      headers,
      params: { documentHexId: hexId },
    });
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe("DOWNLOAD_NOT_COMPLETED");
    expect(matchesDescription("GET", `/api/documents/${hexId}/download`, 409, early.body)).toBe(true);
    const listed = await call<{ _embedded: { documents: { documentHexId: string }[] } }>(listDocuments, track("GET", "/api/documents"), {
      headers,
      query: { search: "ERP" },
    });
    expect(listed.body._embedded.documents.map((d) => d.documentHexId)).toContain(hexId);

    for (const [method, path] of used) expect(describedPath(method, path), `${method} ${path}`).toBeDefined();
  });
});
