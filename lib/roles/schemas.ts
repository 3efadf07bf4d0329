import { z } from "zod";
import { lineText } from "@/lib/validation/text";

// Role inputs and answers, shared by the /roles screens and the REST calls.

export const roleInput = z.object({
  name: lineText({ error: "EMPTY_FIELD" }).trim().min(1, "EMPTY_FIELD").max(80, "VALIDATION_FAILED"),
  description: lineText({ error: "VALIDATION_FAILED" }).trim().max(255, "VALIDATION_FAILED").optional().nullable(),
});
export type RoleInput = z.infer<typeof roleInput>;

/** The authorities a role grants, as the tokens carry them ("CONTACTO:VIEW"); unknown strings are refused by the use case. */
export const rolePrivilegesInput = z.object({
  privileges: z
    .array(z.string({ error: "VALIDATION_FAILED" }).max(40, "VALIDATION_FAILED"), { error: "VALIDATION_FAILED" })
    .max(100, "VALIDATION_FAILED"),
});

export const roleView = z.object({
  roleHexId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  users: z.number().int().describe("How many users hold the role; a role in use cannot be deleted"),
  privileges: z.array(z.string()).describe("Authorities the role grants, e.g. CONTACTO:VIEW, in module order"),
  userAdministration: z.boolean().describe("Whether the role grants user administration (USUARIO:VIEW and USUARIO:UPDATE)"),
  createdAt: z.string().describe("ISO 8601"),
});
export type RoleView = z.infer<typeof roleView>;
