import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage";
import { errorFields, logger } from "@/lib/log/logger";

export type OrganizationLogo = { bytes: Uint8Array; contentType: string; etag: string; isDefault: boolean };

/** Rúbrica's own mark, shown for an organisation that has not uploaded a logo (public/rubrica-logo.svg is its source). */
const defaultLogoPath = path.join(process.cwd(), "public", "rubrica-logo.png");
let defaultLogo: Promise<Uint8Array> | undefined;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type by its content, never by a name: only these are served as the logo. */
export function imageType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return "image/svg+xml";
  return null;
}

const etagOf = (bytes: Uint8Array) => `"${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}"`;

async function rubricaLogo(): Promise<OrganizationLogo> {
  defaultLogo ??= readFile(defaultLogoPath).then((buffer) => new Uint8Array(buffer));
  const bytes = await defaultLogo;
  return { bytes, contentType: "image/png", etag: etagOf(bytes), isDefault: true };
}

/**
 * GET /api/organizations/{organizationHexId}/logo (public: invitation mails and signer pages show it).
 * Organization.logoFileName holds the lib/storage key of the uploaded image. With none, or one
 * that cannot be read as an image, Rúbrica's logo is shown rather than a broken image.
 */
export async function organizationLogo(organizationHexId: string): Promise<OrganizationLogo> {
  if (!/^[0-9a-f]{32}$/.test(organizationHexId)) throw new AppError("NOT_FOUND");
  const organization = await db.organization.findUnique({
    where: { hexId: organizationHexId },
    select: { hexId: true, logoFileName: true },
  });
  if (!organization) throw new AppError("NOT_FOUND");
  if (!organization.logoFileName) return rubricaLogo();
  try {
    const bytes = await storage().get(organization.logoFileName);
    const contentType = imageType(bytes);
    if (contentType) return { bytes, contentType, etag: etagOf(bytes), isDefault: false };
    logger("logo").warn({ organization: organization.hexId }, "stored logo is not an image; using Rúbrica's");
  } catch (error) {
    logger("logo").warn({ organization: organization.hexId, ...errorFields(error) }, "stored logo unreadable; using Rúbrica's");
  }
  return rubricaLogo();
}
