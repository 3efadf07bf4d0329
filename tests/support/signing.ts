import { randomUUID } from "node:crypto";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { db } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { storage } from "@/lib/storage";

export type TestSigner = {
  position?: number;
  mandatory?: boolean;
  canReject?: boolean;
  language?: "es_es" | "en_us";
  identNumber?: string | null;
};

export async function testPdf(text = "Contrato de prueba"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 72, y: 760, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

/**
 * A shipment that was sent, as the sending capability leaves it: a stored PDF, a flow with the given
 * steps, orders and signers, status SENT, the first order invited. The links are issued the way the
 * invitation job issues them (a random secret whose SHA-256 is stored), standing in for reading each
 * invitation mail, which tests/integration/sending.test.ts covers.
 */
export async function createSentShipment(
  organizationId: number,
  options: {
    signers: TestSigner[];
    steps?: StepType[];
    minSigners?: Record<number, number>;
    obligatoryGeolocation?: boolean;
    geolocateSigners?: boolean;
  },
) {
  const steps = options.steps ?? ["DATA_CONFIRM", "ACCEPT_TERMS", "SEE_DOCUMENT", "SIGNATURE"];
  const flow = await db.flow.create({
    data: {
      organizationId,
      name: `Flujo ${randomHex(3)}`,
      kind: "SIGNATURE",
      active: true,
      obligatoryGeolocation: options.obligatoryGeolocation ?? false,
      geolocateSigners: options.geolocateSigners ?? false,
      steps: { create: steps.map((type, index) => ({ position: index + 1, type })) },
    },
  });
  const bytes = await testPdf();
  const stored = await storage().put(bytes);
  const document = await db.document.create({
    data: {
      organizationId,
      flowId: flow.id,
      title: `Contrato ${randomHex(3)}`,
      description: "Contrato de arrendamiento",
      status: "SENT",
      sentAt: new Date(),
      expirationDate: new Date(Date.now() + 7 * 24 * 3600_000),
      files: { create: { fileName: "contrato.pdf", storageKey: stored.key, sha256: stored.sha256, size: stored.size, pages: 1 } },
    },
    include: { files: true },
  });
  const positions = [...new Set(options.signers.map((s) => s.position ?? 1))].sort((a, b) => a - b);
  await db.signerOrder.createMany({
    data: positions.map((position) => ({
      documentId: document.id,
      position,
      minSigners: options.minSigners?.[position] ?? options.signers.filter((s) => (s.position ?? 1) === position).length,
    })),
  });
  const firstOrder = positions[0] ?? 1;
  const signers = [];
  for (const [index, s] of options.signers.entries()) {
    const position = s.position ?? 1;
    const secret = position === firstOrder ? randomHex(16) : null;
    const signer = await db.signer.create({
      data: {
        documentId: document.id,
        position,
        firstName: `Firmante${index}`,
        lastName: "Prueba",
        email: `signer-${randomHex(6)}@example.test`,
        mandatory: s.mandatory ?? true,
        canReject: s.canReject ?? true,
        preferredLanguage: s.language ?? "es_es",
        identType: "DNI",
        identNumber: s.identNumber === undefined ? null : s.identNumber,
        country: "ES",
        invitedAt: secret ? new Date() : null,
        urlSignHash: secret ? sha256Hex(secret) : null,
      },
    });
    signers.push({ ...signer, secret });
  }
  return { document, flow, signers, pdf: bytes };
}

/** A new link for a signer, as a resend would issue it. */
export async function issueLink(signerId: number): Promise<string> {
  const secret = randomHex(16);
  await db.signer.update({ where: { id: signerId }, data: { urlSignHash: sha256Hex(secret), invitedAt: new Date() } });
  return secret;
}

/** A hand-drawn-looking signature as the pad sends it: a PNG data URL with a few strokes of ink. */
export async function drawnSignature(variant = 0): Promise<string> {
  // Another variant is another drawing, so another evidence hash (identical hashes share a stamp batch).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200"><path d="M20 150 C 80 ${20 + (variant % 100)}, 120 20, 160 140 S 260 60, 300 120 S 420 40, 480 110" stroke="#0f172a" stroke-width="5" fill="none"/>${variant ? `<circle cx="${40 + (Math.floor(variant / 100) % 400)}" cy="180" r="3" fill="#0f172a"/>` : ""}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** What an untouched pad sends: a transparent PNG. */
export async function blankSignature(): Promise<string> {
  const png = await sharp({ create: { width: 500, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** The signer draws and sends their signature on the digital-signature step, through the real route. */
export async function signStep(processHexId: string, secret: string, image?: string) {
  const { POST } = await import("@/app/api/signprocess/[id]/step/[page]/route");
  const { call } = await import("./http");
  return call<{ finished?: boolean; next?: string; errorCode?: string }>(POST, `/api/signprocess/${processHexId}/step/digital-signature`, {
    method: "POST",
    body: { image: image ?? (await drawnSignature()) },
    params: { id: processHexId, page: "digital-signature" },
    headers: { "x-url-sign": secret },
  });
}

/**
 * The signer sends a photo (ID_FRONT, ID_REAR, SELFIE) on its step, through the real upload route, as the capture page
 * does (a selfie with its consent).
 */
export async function uploadEvidence(
  signer: { hexId: string; secret: string },
  kind: string,
  file: Uint8Array,
  ip = "203.0.113.41",
  uploadId: string = randomUUID(),
) {
  const { NextRequest } = await import("next/server");
  const { POST } = await import("@/app/api/signprocess/[id]/evidence/route");
  const { clientAddressHeaders, sendRequest } = await import("./http");
  const form = new FormData();
  form.set("kind", kind);
  form.set("uploadId", uploadId);
  form.set("capturedAt", new Date().toISOString());
  if (kind === "SELFIE") form.set("accepted", "true");
  form.set("file", new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "captura.jpg");
  const request = new NextRequest(`http://127.0.0.1:3000/api/signprocess/${signer.hexId}/evidence`, {
    method: "POST",
    body: form,
    headers: { "x-url-sign": signer.secret, ...clientAddressHeaders(ip), "user-agent": "vitest face" },
  });
  const response = await sendRequest(POST, request);
  return {
    status: response.status,
    body: (await response.json()) as {
      result?: number;
      evidenceHexId?: string;
      finished?: boolean;
      next?: string | null;
      errorCode?: string;
      message?: string;
      page?: string;
    },
  };
}
