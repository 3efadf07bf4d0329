import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { randomHex } from "@/lib/security/random";
import { asDuplicate, contactData, initialChannels } from "./contact-data";
import { readContactFile } from "./contact-file";
import { contactTransactionOptions } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";
import { validateImportRows } from "./import-rows";

/**
 * Imports every row of the file or none: the rows are checked again inside the transaction (the
 * organisation may have changed since the preview), and one bad row leaves nothing created.
 */
export async function commitContactImport(context: AuthContext, file: { fileName: string; bytes: Buffer }, ip: string) {
  const parsed = await readContactFile(file);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    const rows = await validateImportRows(context.organizationId, parsed, tx);
    const invalid = rows.filter((r) => r.errors.length > 0).length;
    if (invalid > 0) throw new AppError("CONTACT_IMPORT_INVALID_ROWS", { invalid });
    // Our own hexIds tie each new contact to its channels without a query per row.
    const contacts = rows.flatMap((r) => (r.contact ? [{ hexId: randomHex(), input: r.contact }] : []));
    const created = await tx.contact
      .createManyAndReturn({
        data: contacts.map((c) => ({ ...contactData(c.input), hexId: c.hexId, organizationId: context.organizationId })),
        select: { id: true, hexId: true },
      })
      .catch((error: unknown) => asDuplicate(error, "CONTACT_DUPLICATE_IDENT", "identNumber"));
    const idByHex = new Map(created.map((c) => [c.hexId, c.id]));
    await tx.contactChannel.createMany({
      data: contacts.flatMap((c) => initialChannels(c.input).map((channel) => ({ ...channel, contactId: idByHex.get(c.hexId)! }))),
    });
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_IMPORT",
        ip,
        action: `import ${contacts.length} contacts`,
      },
      tx,
    );
    return { created: contacts.length };
  }, contactTransactionOptions);
}
