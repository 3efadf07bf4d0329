import type { Requirement } from "@/lib/permissions/routes";

/** Managing keys needs what the /apisadhoc and /api-management pages need (lib/permissions/routes.ts). */
export const apiKeysPrivilege: Requirement = { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" };
