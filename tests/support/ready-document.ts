import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";

export type ReadySigner = {
  position?: number;
  email?: string | null;
  cellPhone?: string | null;
  language?: "es_es" | "en_us";
  /** Optional signers count towards their order's minimum; mandatory ones (the default) must sign. */
  mandatory?: boolean;
  /** Ties the signer to a contact whose favourite channel is this one. */
  favourite?: "EMAIL" | "SMS";
};

let phoneCounter = Math.floor(Math.random() * 1_000_000);

/** A unique Spanish mobile number, so signers never collide on the duplicate rules. */
export function testPhone(): string {
  phoneCounter += 1;
  return `+347${String(phoneCounter).padStart(8, "0").slice(-8)}`;
}

/**
 * A draft that meets every sending rule, written straight to the database (the draft screens and
 * their upload code are another capability): data, a file row, an active signature flow, orders
 * with their minimums, signers and optional scheduled reminders.
 */
export async function createReadyDocument(
  organizationId: number,
  options: { signers: ReadySigner[]; minSigners?: Record<number, number>; reminders?: Date[]; expirationDate?: Date; title?: string },
) {
  const flow = await db.flow.create({ data: { organizationId, name: `Flujo ${randomHex(3)}`, kind: "SIGNATURE", active: true } });
  const title = options.title ?? `Contrato ${randomHex(3)}`;
  const document = await db.document.create({
    data: {
      organizationId,
      flowId: flow.id,
      title,
      description: "Contrato de prueba para firmar",
      expirationDate: options.expirationDate ?? new Date(Date.now() + 7 * 24 * 3600_000),
      files: { create: { fileName: "contrato.pdf", storageKey: `tests/${randomHex()}.pdf`, sha256: randomHex(32), size: 1024, pages: 1 } },
      notifications: { create: (options.reminders ?? []).map((sendAt) => ({ sendAt })) },
    },
  });
  const positions = [...new Set(options.signers.map((s) => s.position ?? 1))];
  await db.signerOrder.createMany({
    data: positions.map((position) => ({
      documentId: document.id,
      position,
      minSigners: options.minSigners?.[position] ?? options.signers.filter((s) => (s.position ?? 1) === position).length,
    })),
  });
  const signers = [];
  for (const [index, signer] of options.signers.entries()) {
    const email = signer.email === undefined ? `signer-${randomHex(6)}@example.test` : signer.email;
    const cellPhone = signer.cellPhone === undefined ? null : signer.cellPhone;
    const contact = signer.favourite
      ? await db.contact.create({
          data: {
            organizationId,
            firstName: `Firmante${index}`,
            lastName: "Prueba",
            preferredLanguage: signer.language ?? "es_es",
            channels: {
              create: [
                ...(email ? [{ type: "EMAIL" as const, value: email, favorite: signer.favourite === "EMAIL" }] : []),
                ...(cellPhone ? [{ type: "SMS" as const, value: cellPhone, favorite: signer.favourite === "SMS" }] : []),
              ],
            },
          },
        })
      : null;
    signers.push(
      await db.signer.create({
        data: {
          documentId: document.id,
          contactId: contact?.id,
          position: signer.position ?? 1,
          firstName: `Firmante${index}`,
          lastName: "Prueba",
          email,
          cellPhone,
          preferredLanguage: signer.language ?? "es_es",
          mandatory: signer.mandatory ?? true,
        },
      }),
    );
  }
  return { document, signers, title };
}
