import sharp from "sharp";
import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { getConfigValues } from "@/lib/config/values";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { safeTimeZone } from "@/lib/i18n/format";
import { storage } from "@/lib/storage";
import { signColours } from "./colours";
import { imageType } from "./organization-logo";
import { logoLimits, profileLanguages, updateProfileInput } from "./profile-schemas";

export type OrganizationProfile = {
  organizationHexId: string;
  name: string;
  primaryColor: string;
  secondaryColor: string;
  timezone: string;
  defaultLanguage: (typeof profileLanguages)[number];
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  website: string | null;
  /** Where the logo is served (public); Rúbrica's own while the organisation has none. */
  logoUrl: string;
  hasLogo: boolean;
};

/** The profile of the caller's organisation: its row and the configuration values it owns (ui_sign_color, organization_tz, default_language). */
export async function getOrganizationProfile(organizationId: number): Promise<OrganizationProfile> {
  const [organization, config] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: organizationId } }),
    getConfigValues(organizationId, ["ui_sign_color", "organization_tz", "default_language"]),
  ]);
  const colours = signColours(config.ui_sign_color);
  const language = profileLanguages.find((l) => l === config.default_language) ?? "es-es";
  return {
    organizationHexId: organization.hexId,
    name: organization.name,
    primaryColor: colours.primary,
    secondaryColor: colours.secondary,
    timezone: safeTimeZone(config.organization_tz),
    defaultLanguage: language,
    contactEmail: organization.contactEmail,
    contactPhone: organization.contactPhone,
    address: organization.address,
    website: organization.website,
    logoUrl: `/api/organizations/${organization.hexId}/logo`,
    hasLogo: organization.logoFileName !== null,
  };
}

async function setConfig(tx: Tx, organizationId: number, name: string, value: string) {
  await tx.configValue.upsert({
    where: { organizationId_name: { organizationId, name } },
    create: { organizationId, name, value },
    update: { value },
  });
}

/** PUT /api/organization/profile: the whole profile at once (ORGANIZACION:UPDATE). */
export async function updateOrganizationProfile(context: AuthContext, raw: unknown, ip: string): Promise<OrganizationProfile> {
  const input = updateProfileInput.parse(raw);
  await db.$transaction(async (tx) => {
    await tx.organization.update({
      where: { id: context.organizationId },
      data: {
        name: input.name,
        timezone: input.timezone,
        contactEmail: input.contactEmail ?? null,
        contactPhone: input.contactPhone ?? null,
        address: input.address ?? null,
        website: input.website ?? null,
      },
    });
    await setConfig(tx, context.organizationId, "ui_sign_color", `${input.primaryColor};${input.secondaryColor}`);
    await setConfig(tx, context.organizationId, "organization_tz", input.timezone);
    await setConfig(tx, context.organizationId, "default_language", input.defaultLanguage);
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "ORGANIZATION_PROFILE_UPDATE",
        ip,
        recordId: context.organizationHexId,
      },
      tx,
    );
  });
  return getOrganizationProfile(context.organizationId);
}

/**
 * The uploaded logo, checked by content and re-encoded as a PNG fitted into a 512 px box: whatever the
 * file carried besides the picture (metadata, scripts of an SVG, trailing bytes) is not kept. SVG is refused.
 */
export async function reencodeLogo(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.byteLength > logoLimits.maxBytes) throw new AppError("ORG_LOGO_TOO_LARGE", { mb: logoLimits.maxBytes / 1024 / 1024 });
  const type = imageType(bytes);
  if (!type || type === "image/svg+xml") throw new AppError("ORG_LOGO_INVALID");
  try {
    const png = await sharp(bytes, { limitInputPixels: 25_000_000, animated: false })
      .rotate()
      .resize({ width: logoLimits.maxSide, height: logoLimits.maxSide, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
    return new Uint8Array(png);
  } catch {
    throw new AppError("ORG_LOGO_INVALID");
  }
}

/** POST /api/organization/logo: replaces the logo (the old file is deleted once the new one is recorded). */
export async function setOrganizationLogo(context: AuthContext, bytes: Uint8Array, ip: string): Promise<OrganizationProfile> {
  const png = await reencodeLogo(bytes);
  const stored = await storage().put(png);
  const previous = await db.$transaction(async (tx) => {
    const current = await tx.organization.findUniqueOrThrow({ where: { id: context.organizationId }, select: { logoFileName: true } });
    await tx.organization.update({ where: { id: context.organizationId }, data: { logoFileName: stored.key } });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "ORGANIZATION_LOGO_UPDATE",
        ip,
        recordId: context.organizationHexId,
      },
      tx,
    );
    return current.logoFileName;
  });
  await dropStoredFile(previous, stored.key);
  return getOrganizationProfile(context.organizationId);
}

/** DELETE /api/organization/logo: back to Rúbrica's logo. */
export async function removeOrganizationLogo(context: AuthContext, ip: string): Promise<OrganizationProfile> {
  const previous = await db.$transaction(async (tx) => {
    const current = await tx.organization.findUniqueOrThrow({ where: { id: context.organizationId }, select: { logoFileName: true } });
    await tx.organization.update({ where: { id: context.organizationId }, data: { logoFileName: null } });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "ORGANIZATION_LOGO_DELETE",
        ip,
        recordId: context.organizationHexId,
      },
      tx,
    );
    return current.logoFileName;
  });
  await dropStoredFile(previous, null);
  return getOrganizationProfile(context.organizationId);
}

/** The replaced logo's file (storage keys are random, never shared). */
async function dropStoredFile(key: string | null, keep: string | null) {
  if (!key || key === keep) return;
  await storage()
    .delete(key)
    .catch(() => undefined);
}
