import { requirementFor, satisfies } from "./routes";

/** Menu entries in display order; each shows when its page's requirement is met (spec §2 menu targets). */
const entries = [
  { href: "/dashboard", key: "dashboard" },
  { href: "/inbox", key: "inbox" },
  { href: "/signatures", key: "signatures" },
  { href: "/prepare-document", key: "prepareDocument" },
  { href: "/batchImport", key: "batchImport" },
  { href: "/validations", key: "validations" },
  { href: "/affiliation", key: "affiliation" },
  { href: "/report/Documentos/1/REPORT_ENVIO", key: "reportDocuments" },
  { href: "/report/Firmas/2/REPORT_SIGNATURE", key: "reportSignatures" },
  { href: "/contacts", key: "contacts" },
  { href: "/flows", key: "flows" },
  { href: "/fileType", key: "fileType" },
  { href: "/info-organization", key: "infoOrganization" },
  { href: "/setting", key: "setting" },
  { href: "/apisadhoc", key: "apiManagement" },
  { href: "/notifications", key: "notifications" },
  { href: "/groups", key: "groups" },
  { href: "/users", key: "users" },
  { href: "/roles", key: "roles" },
  { href: "/organization", key: "organization" },
  { href: "/managers", key: "managers" },
  { href: "/manual", key: "manual" },
] as const;

export type MenuEntry = (typeof entries)[number];

export function menuFor(authorities: readonly string[]): MenuEntry[] {
  return entries.filter((entry) => satisfies(authorities, requirementFor(entry.href)));
}

// The resource of the first authority picks where a user lands after sign-in (spec §6).
const landingByModule: Record<string, string> = {
  DOCUMENTO: "/dashboard",
  FIRMA: "/signatures",
  MYSIGN: "/inbox",
  CONTACTO: "/contacts",
  ORGANIZACION: "/info-organization",
  NOTIFICACION: "/notifications",
  GRUPO: "/groups",
  USUARIO: "/users",
  ROL: "/roles",
  ADMIN: "/dashboard",
};

export function landingPage(authorities: readonly string[]): string {
  const resource = authorities[0]?.split(":")[0];
  return (resource && landingByModule[resource]) || "/dashboard";
}
