// Prints a working signer link for the demo organisation, so a newcomer can walk through the signing
// pages at once. The shipment is created once ("Contrato de demostración", the organisation's default
// flow); every run issues a fresh link (the previous one then answers "link unavailable").
import "dotenv/config";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { signerLink } from "@/lib/documents/deliver-invitation";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { storage } from "@/lib/storage";

const title = "Contrato de demostración";

async function demoPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 72, y: 760, size: 20, font });
  const lines = ["Documento de ejemplo para probar el proceso de firma de Rúbrica.", "Este documento no tiene validez legal."];
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 720 - index * 18, size: 11, font }));
  return pdf.save();
}

async function main() {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  let signer = await db.signer.findFirst({
    where: { document: { organizationId: organization.id, title }, status: { in: ["PENDING", "IN_PROGRESS"] } },
    include: { document: true },
  });
  if (!signer) {
    const flow = await db.flow.findFirstOrThrow({ where: { organizationId: organization.id, kind: "SIGNATURE", isDefault: true } });
    const sender = await db.user.findFirst({ where: { email: "orgadmin@demo.rubrica.local" } });
    const stored = await storage().put(await demoPdf());
    const document = await db.document.create({
      data: {
        organizationId: organization.id,
        senderId: sender?.id,
        flowId: flow.id,
        title,
        description: "Envío de demostración creado por el comando de arranque.",
        status: "SENT",
        sentAt: new Date(),
        expirationDate: new Date(Date.now() + 30 * 24 * 3600_000),
        files: {
          create: { fileName: "contrato-demostracion.pdf", storageKey: stored.key, sha256: stored.sha256, size: stored.size, pages: 1 },
        },
        orders: { create: { position: 1, minSigners: 1 } },
      },
    });
    const created = await db.signer.create({
      data: {
        documentId: document.id,
        firstName: "Sara",
        lastName: "Firmante",
        email: "firmante@demo.rubrica.local",
        identType: "DNI",
        country: "ES",
        invitedAt: new Date(),
      },
    });
    signer = { ...created, document };
  }
  const secret = randomHex(16);
  await db.signer.update({ where: { id: signer.id }, data: { urlSignHash: sha256Hex(secret) } });
  console.log(`\nDemo signer link (${env().APP_BASE_URL}): ${signerLink(secret, signer.hexId)}`);
}

main()
  .then(() => db.$disconnect())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await db.$disconnect();
    process.exit(1);
  });
