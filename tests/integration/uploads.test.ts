import { PDFDocument } from "@cantoo/pdf-lib";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createDraftRoute } from "@/app/api/documents/route";
import { POST as uploadFileRoute } from "@/app/api/documents/[documentHexId]/files/route";
import { POST as batchRoute } from "@/app/api/documents/batch/route";
import { POST as batchPreviewRoute } from "@/app/api/documents/batch/preview/route";
import { POST as contactImportRoute } from "@/app/api/contacts/import/route";
import { POST as evidenceRoute } from "@/app/api/signprocess/[id]/evidence/route";
import { POST as newSelfieRoute } from "@/app/api/signprocess/uploadNewSelfie/route";
import { POST as validateCheckRoute } from "@/app/api/validateDocs/[signatureHexId]/check/route";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { signIn } from "../support/sign-in";

// Issue 16 point 8: an upload's name is stored as a plain base name, and an oversized upload is
// refused on its declared length, or cut off while it streams, instead of being buffered whole.

const megabyte = 1024 * 1024;
let org: TestOrganization;
let token: string;

beforeAll(async () => {
  org = await createTestOrganization();
  token = await signIn((await createTestUser(org)).email);
});

async function newDraft(): Promise<string> {
  const draft = await call<{ documentHexId: string }>(createDraftRoute, "/api/documents", { token, body: { title: "Contrato" } });
  expect(draft.status).toBe(201);
  return draft.body.documentHexId;
}

async function pdfBytes(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 400]).drawText("Contrato", { x: 20, y: 350, size: 12 });
  return pdf.save();
}

async function uploadNamed(documentHexId: string, name: string) {
  const form = new FormData();
  form.set("file", new File([(await pdfBytes()) as BlobPart], name, { type: "application/pdf" }));
  const request = new NextRequest(`http://127.0.0.1:3000/api/documents/${documentHexId}/files`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.60") },
  });
  const response = await sendRequest(uploadFileRoute, request);
  return { status: response.status, body: (await response.json()) as { files?: { fileName: string }[]; errorCode?: string } };
}

describe("an uploaded file's name", () => {
  it("is stored and shown as its base name, without path or control characters", async () => {
    const documentHexId = await newDraft();
    const answer = await uploadNamed(documentHexId, "../../etc/passwd/con\u0001tra\u007fto\u0000.pdf");
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.files?.map((f) => f.fileName)).toEqual(["contrato.pdf"]);
    const stored = await db.documentFile.findMany({ where: { document: { hexId: documentHexId } } });
    expect(stored.map((f) => f.fileName)).toEqual(["contrato.pdf"]);
  });

  it("is cut to 255 characters, keeping its extension", async () => {
    const documentHexId = await newDraft();
    const answer = await uploadNamed(documentHexId, `${"a".repeat(400)}.pdf`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const name = answer.body.files?.[0]?.fileName ?? "";
    expect(name).toHaveLength(255);
    expect(name.endsWith("a.pdf")).toBe(true);
  });

  it("that has nothing left once cleaned gets a neutral name", async () => {
    const documentHexId = await newDraft();
    const answer = await uploadNamed(documentHexId, "../..");
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.files?.map((f) => f.fileName)).toEqual(["documento.pdf"]);
  });
});

/**
 * A multipart body of `size` bytes that is produced only as the server pulls it, counting what was
 * pulled: a server that buffers the whole upload before refusing it pulls all of it.
 */
function hugeUpload(size: number, field: string) {
  const boundary = `----rubrica${randomHex(8)}`;
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(megabyte).fill(0x20);
  const pulled = { bytes: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = sent === 0 ? head : sent >= size - tail.byteLength ? tail : chunk;
        sent += next.byteLength;
        pulled.bytes += next.byteLength;
        controller.enqueue(next);
        if (next === tail) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled, contentType: `multipart/form-data; boundary=${boundary}` };
}

type UploadRoute = {
  name: string;
  handler: unknown;
  /** The path, its {parameters} filled from params. */
  path: string;
  params: Record<string, string>;
  auth: boolean;
  limitMb: number;
  code: string;
};

const routes = (): UploadRoute[] => [
  {
    name: "shipment file",
    handler: uploadFileRoute,
    path: "/api/documents/{documentHexId}/files",
    params: {},
    auth: true,
    limitMb: 10,
    code: "SHIPMENT_FILE_TOO_LARGE",
  },
  {
    name: "batch import",
    handler: batchRoute,
    path: "/api/documents/batch",
    params: {},
    auth: true,
    limitMb: 200,
    code: "BATCH_IMPORT_REQUEST_TOO_LARGE",
  },
  {
    name: "batch preview",
    handler: batchPreviewRoute,
    path: "/api/documents/batch/preview",
    params: {},
    auth: true,
    limitMb: 200,
    code: "BATCH_IMPORT_REQUEST_TOO_LARGE",
  },
  {
    name: "contact import",
    handler: contactImportRoute,
    path: "/api/contacts/import",
    params: {},
    auth: true,
    limitMb: 2,
    code: "CONTACT_IMPORT_TOO_LARGE",
  },
  {
    name: "signer evidence",
    handler: evidenceRoute,
    path: "/api/signprocess/{id}/evidence",
    params: { id: randomHex(16) },
    auth: false,
    limitMb: 61,
    code: "EVIDENCE_TOO_LARGE",
  },
  {
    name: "new selfie",
    handler: newSelfieRoute,
    path: "/api/signprocess/uploadNewSelfie",
    params: {},
    auth: false,
    limitMb: 61,
    code: "EVIDENCE_TOO_LARGE",
  },
  {
    name: "validateDocs check",
    handler: validateCheckRoute,
    path: "/api/validateDocs/{signatureHexId}/check",
    params: { signatureHexId: randomHex(16) },
    auth: false,
    limitMb: 15,
    code: "VALIDATION_FILE_TOO_LARGE",
  },
];

async function sendHuge(route: UploadRoute, size: number, declare: boolean) {
  const params = route.name === "shipment file" ? { documentHexId: await newDraft() } : route.params;
  const upload = hugeUpload(size, route.name.startsWith("batch") ? "files" : "file");
  const headers: Record<string, string> = {
    "content-type": upload.contentType,
    ...clientAddressHeaders(`203.0.113.${61 + Math.floor(Math.random() * 100)}`),
  };
  if (route.auth) headers.authorization = `Bearer ${token}`;
  if (declare) headers["content-length"] = String(size);
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  const request = new NextRequest(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    body: upload.stream,
    headers,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  const started = Date.now();
  const response = await sendRequest(route.handler, request);
  return {
    status: response.status,
    body: (await response.json()) as { errorCode?: string },
    pulled: upload.pulled.bytes,
    ms: Date.now() - started,
  };
}

describe("an oversized upload", () => {
  it("of 63 MB to a shipment is refused by its Content-Length before its body is read", async () => {
    const [route] = routes();
    const answer = await sendHuge(route!, 63 * megabyte, true);
    expect(answer.status).toBe(413);
    expect(answer.body.errorCode).toBe("SHIPMENT_FILE_TOO_LARGE");
    expect(answer.pulled).toBeLessThan(megabyte);
  });

  it("to a shipment that declares less than it sends is cut off at the limit", async () => {
    const upload = hugeUpload(63 * megabyte, "file");
    const documentHexId = await newDraft();
    const request = new NextRequest(`http://127.0.0.1:3000/api/documents/${documentHexId}/files`, {
      method: "POST",
      body: upload.stream,
      headers: { "content-type": upload.contentType, "content-length": String(megabyte), authorization: `Bearer ${token}` },
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await sendRequest(uploadFileRoute, request);
    expect(response.status).toBe(413);
    expect(upload.pulled.bytes).toBeLessThanOrEqual(13 * megabyte);
  });

  it.each(routes().map((route) => [route.name, route] as const))(
    "without a Content-Length (%s) is cut off once it passes the limit, not buffered whole",
    async (_name, route) => {
      const size = (route.limitMb + 40) * megabyte;
      const answer = await sendHuge(route, size, false);
      expect(answer.status, JSON.stringify(answer.body)).toBe(413);
      expect(answer.body.errorCode).toBe(route.code);
      expect(answer.pulled).toBeLessThanOrEqual((route.limitMb + 3) * megabyte);
    },
    60_000,
  );

  it.each(routes().map((route) => [route.name, route] as const))(
    "declaring more than the limit (%s) is refused before its body is read",
    async (_name, route) => {
      const answer = await sendHuge(route, (route.limitMb + 40) * megabyte, true);
      expect(answer.status, JSON.stringify(answer.body)).toBe(413);
      expect(answer.body.errorCode).toBe(route.code);
      expect(answer.pulled).toBeLessThan(megabyte);
    },
  );
});

describe("an oversized JSON body", () => {
  it("is refused once it passes 10 MB instead of being read whole", async () => {
    const chunk = new TextEncoder().encode("a".repeat(megabyte));
    const pulled = { bytes: 0 };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const next = pulled.bytes === 0 ? new TextEncoder().encode('{"title":"') : chunk;
          pulled.bytes += next.byteLength;
          controller.enqueue(next);
          if (pulled.bytes > 60 * megabyte) controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new NextRequest("http://127.0.0.1:3000/api/documents", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await sendRequest(createDraftRoute, request);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe("REQUEST_TOO_LARGE");
    expect(pulled.bytes).toBeLessThanOrEqual(13 * megabyte);
  });
});

describe("a text field of an upload form", () => {
  it("with a control character is refused with the field, as any text input is", async () => {
    const form = new FormData();
    form.set("file", new File([(await pdfBytes()) as BlobPart], "selfie.jpg", { type: "image/jpeg" }));
    form.set("kind", "SELFIE");
    form.set("detail", `{"note":"a${"\u0000"}b"}`);
    const request = new NextRequest(`http://127.0.0.1:3000/api/signprocess/${randomHex(16)}/evidence`, {
      method: "POST",
      body: form,
      headers: { "x-url-sign": randomHex(16), ...clientAddressHeaders("203.0.113.80") },
    });
    const response = await sendRequest(evidenceRoute, request);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: "CONTROL_CHARACTER", field: "detail" });
  });
});
