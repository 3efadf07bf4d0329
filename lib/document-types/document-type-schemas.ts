import { z } from "zod";
import { lineText } from "@/lib/validation/text";

// Document type inputs (spec §3 "Document type": name, unique, and a default flag), shared by the
// /fileType form and the server.

export const documentTypeInput = z.object({
  name: lineText({ error: "EMPTY_FIELD" }).trim().min(1, "EMPTY_FIELD").max(80, "VALIDATION_FAILED"),
  isDefault: z.boolean({ error: "VALIDATION_FAILED" }).optional(),
});
