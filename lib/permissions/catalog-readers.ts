import type { AuthContext } from "@/lib/auth/context";
import { AppError } from "@/lib/errors/app-error";
import { satisfies, type Requirement } from "./routes";

/**
 * Who may read document types and flows: those who manage them (ORGANIZACION:VIEW) and those who
 * prepare shipments (DOCUMENTO:CREATE), whose file uploader picks a type and a flow (spec §2, §7).
 * Changing them stays with ORGANIZACION:CREATE/UPDATE/DELETE.
 */
export const catalogReaders: readonly Requirement[] = [
  { kind: "privilege", module: "ORGANIZACION", action: "VIEW" },
  { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
];

export function assertCatalogReader(context: AuthContext): void {
  if (!catalogReaders.some((requirement) => satisfies(context.authorities, requirement))) throw new AppError("FORBIDDEN");
}
