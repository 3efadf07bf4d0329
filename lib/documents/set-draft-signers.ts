import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toDbLanguage } from "@/lib/i18n/config";
import { setSignersInput } from "./draft-schemas";
import { loadDraftView, lockDraft } from "./draft-records";
import { duplicateSignerIndex, minSignersViolation } from "./sending-rules";
import type { z } from "zod";

type ParsedSigner = z.output<typeof setSignersInput>["signers"][number];

type SignerRow = {
  contactId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  cellPhone: string | null;
  country: string | null;
  identType: string | null;
  identNumber: string | null;
  preferredLanguage: "es_es" | "en_us";
  position: number;
  mandatory: boolean;
  canReject: boolean;
};

/**
 * A contact signer takes the contact's data as it is now: names, language, country and
 * identification (shown to the signer on data-confirm), the e-mail when it is the favourite channel,
 * and the phone (the favourite, else the first one held). The invitation still goes by the
 * favourite channel (lib/documents/signer-channel.ts).
 */
async function signerRow(tx: Tx, context: AuthContext, signer: ParsedSigner): Promise<SignerRow> {
  const common = { position: signer.position, mandatory: signer.mandatory, canReject: signer.canReject };
  if (!("contactHexId" in signer)) {
    return {
      ...common,
      contactId: null,
      firstName: signer.firstName,
      lastName: signer.lastName,
      email: signer.email,
      cellPhone: signer.cellPhone,
      country: null,
      identType: null,
      identNumber: null,
      preferredLanguage: toDbLanguage(signer.preferredLanguage),
    };
  }
  const contact = await tx.contact.findFirst({
    where: { hexId: signer.contactHexId, organizationId: context.organizationId },
    include: { channels: { orderBy: [{ favorite: "desc" }, { id: "asc" }] } },
  });
  if (!contact) throw new AppError("NOT_FOUND");
  const favorite = contact.channels[0];
  const phone = contact.channels.find((channel) => channel.type === "SMS");
  return {
    ...common,
    contactId: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: favorite?.type === "EMAIL" ? favorite.value : null,
    cellPhone: phone?.value ?? null,
    country: contact.country,
    identType: contact.identType,
    identNumber: contact.identNumber,
    preferredLanguage: contact.preferredLanguage,
  };
}

/** Replaces a draft's signers and orders in one call; a repeated signer or an invalid minimum refuses the whole set. */
export async function setDraftSigners(context: AuthContext, documentHexId: string, raw: unknown, ip: string) {
  const input = setSignersInput.parse(raw);
  return db.$transaction(async (tx) => {
    const document = await lockDraft(tx, context, documentHexId);
    if (input.signers.length > 0 && (await tx.documentFile.count({ where: { documentId: document.id } })) === 0)
      throw new AppError("SHIPMENT_FILE_REQUIRED");
    const rows: SignerRow[] = [];
    for (const signer of input.signers) rows.push(await signerRow(tx, context, signer));
    const duplicate = duplicateSignerIndex(rows);
    if (duplicate !== null) throw new AppError("SHIPMENT_SIGNER_DUPLICATE", { signer: duplicate + 1 });
    const minimum = minSignersViolation(rows, input.orders);
    if (minimum) throw minimum;
    await tx.signer.deleteMany({ where: { documentId: document.id } });
    await tx.signerOrder.deleteMany({ where: { documentId: document.id } });
    await tx.signerOrder.createMany({
      data: input.orders.map((o) => ({ documentId: document.id, position: o.position, minSigners: o.minSigners })),
    });
    await tx.signer.createMany({ data: rows.map((row) => ({ ...row, documentId: document.id })) });
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_SIGNERS_SET",
        ip,
        recordId: document.hexId,
      },
      tx,
    );
    return loadDraftView(document.id, tx);
  });
}
