import type { AuthContext } from "@/lib/auth/context";
import { readContactFile } from "./contact-file";
import { validateImportRows } from "./import-rows";

/** Reads a CSV or XLSX file and checks every row; nothing is saved. */
export async function previewContactImport(context: AuthContext, file: { fileName: string; bytes: Buffer }) {
  const rows = await validateImportRows(context.organizationId, await readContactFile(file));
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return {
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    rows: rows.map(({ row, values, errors }) => ({ row, values, errors })),
  };
}
