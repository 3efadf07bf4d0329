import { z } from "zod";
import { answer } from "../registry";
import type { OrganizationProfile } from "@/lib/organizations/profile";
import { profileLanguages, updateProfileInput } from "@/lib/organizations/profile-schemas";
import type { SealCertificateView } from "@/lib/organizations/seal-certificate";
import { deleted, operationGroup } from "./common";

// The caller's organisation's profile and seal certificate (/info-organization). The uploads are
// multipart/form-data, described as such (the handler reads the form).

const profileSchema = z.object({
  organizationHexId: z.string(),
  name: z.string(),
  primaryColor: z.string().describe("#rrggbb; ui_sign_color's first colour"),
  secondaryColor: z.string().describe("#rrggbb; ui_sign_color's second colour"),
  timezone: z.string().describe("IANA zone (organization_tz)"),
  defaultLanguage: z.enum(profileLanguages).describe("default_language"),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable().describe("E.164"),
  address: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().describe("The public logo URL (GET /api/organizations/{organizationHexId}/logo)"),
  hasLogo: z.boolean().describe("False while Rúbrica's logo stands in"),
}) satisfies z.ZodType<OrganizationProfile>;

const sealCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string().describe("Hexadecimal, upper case"),
  notBefore: z.string().describe("ISO 8601"),
  notAfter: z.string().describe("ISO 8601"),
  fingerprint: z.string().describe("SHA-256 of the certificate (DER), hex"),
  expiringSoon: z.boolean().describe("It expires within 30 days"),
  expired: z.boolean(),
  uploadedAt: z.string().describe("ISO 8601"),
}) satisfies z.ZodType<SealCertificateView>;

const profile = { schema: profileSchema, component: "OrganizationProfile" };
const sealAnswer = { schema: z.object({ certificate: sealCertificateSchema.nullable() }), component: "SealCertificateAnswer" };

export const organizationProfileOperations = operationGroup(
  "Organisation profile",
  "tokenOrApiKey",
)({
  getOrganizationProfile: {
    method: "get",
    path: "/api/organization/profile",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "VIEW" },
    tenancy: "organization",
    summary: "The caller's organisation's profile: name, logo, colours, time zone, default language, contact data",
    responses: answer("The profile", profile),
  },
  updateOrganizationProfile: {
    method: "put",
    path: "/api/organization/profile",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Change the whole profile at once",
    description:
      "The colours become ui_sign_color (`primary;secondary`), shown on the portal and the signer pages; the zone becomes organization_tz and the language default_language. Empty contact fields are cleared. Writes an operation-log row.",
    body: { schema: updateProfileInput, component: "UpdateOrganizationProfileInput" },
    responses: answer("The profile as saved", profile),
  },
  uploadOrganizationLogo: {
    method: "post",
    path: "/api/organization/logo",
    idempotent: true,
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Replace the organisation's logo",
    description:
      "multipart/form-data: `file`, a PNG, JPEG, GIF or WebP image up to 2 MB (SVG is refused). It is checked by content and stored re-encoded as a PNG fitted into 512×512.",
    body: { schema: z.object({ file: z.file().describe("PNG, JPEG, GIF or WebP, up to 2 MB") }), mediaType: "multipart/form-data" },
    responses: answer("The profile with its new logo", profile),
    errors: [400, 413],
  },
  deleteOrganizationLogo: {
    method: "delete",
    path: "/api/organization/logo",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Remove the logo: Rúbrica's is shown again",
    responses: answer("The profile", profile),
  },
  getSealCertificate: {
    method: "get",
    path: "/api/organization/seal-certificate",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's own seal certificate: subject, issuer, serial number and validity",
    description:
      "`certificate` is null while the organisation's shipments are sealed with the platform's certificate. The file, key and password are never returned.",
    responses: answer("The certificate, or null", sealAnswer),
  },
  uploadSealCertificate: {
    method: "put",
    path: "/api/organization/seal-certificate",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Upload the PKCS#12 that seals the organisation's shipments and audit certificates",
    description:
      "multipart/form-data: `file` (PKCS#12, .p12/.pfx, up to 64 KB) and `password`. Refused with a wrong password (SEAL_CERT_WRONG_PASSWORD), legacy RC2/3DES encryption (SEAL_CERT_LEGACY), no private key (SEAL_CERT_NO_KEY) or a certificate outside its validity (SEAL_CERT_EXPIRED, SEAL_CERT_NOT_YET_VALID). Kept encrypted at rest; replaces any earlier one. Shipments already sealed keep their seal.",
    body: {
      schema: z.object({ file: z.file().describe("PKCS#12 (.p12/.pfx), up to 64 KB"), password: z.string() }),
      mediaType: "multipart/form-data",
    },
    responses: answer("The certificate as it is shown", sealAnswer),
    errors: [400, 413],
  },
  deleteSealCertificate: {
    method: "delete",
    path: "/api/organization/seal-certificate",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Remove the organisation's seal certificate: later shipments are sealed with the platform's",
    responses: answer("Deleted", deleted),
    errors: [404],
  },
});
