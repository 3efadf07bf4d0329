import type { AuthContext } from "@/lib/auth/context";
import { env } from "@/lib/config/env";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import type { LinkState, UserLocation, ValidationLinkView } from "./schemas";

export const linkInclude = {
  flow: { select: { hexId: true, name: true } },
  createdBy: { select: { firstName: true, lastName: true } },
} as const;

export type LinkRecord = Prisma.ValidationLinkGetPayload<{ include: typeof linkInclude }>;

type LinkStateFields = { active: boolean; lockedAt: Date | null; expirationDate: Date; maxUses: number | null; usesCount: number };

export function linkState(link: LinkStateFields, now = new Date()): LinkState {
  if (link.lockedAt) return "LOCKED";
  if (!link.active) return "INACTIVE";
  if (link.expirationDate <= now) return "EXPIRED";
  if (link.maxUses !== null && link.usesCount >= link.maxUses) return "USED_UP";
  return "ACTIVE";
}

export function userLocationOf(link: { geolocate: boolean; requireLocation: boolean }): UserLocation {
  return link.requireLocation ? "REQUIRED" : link.geolocate ? "ASK" : "NONE";
}

export function locationColumns(location: UserLocation) {
  return { geolocate: location !== "NONE", requireLocation: location === "REQUIRED" };
}

/** The public address of a link (spec §2 /loginvalidation/{validationHexId?}). */
export function validationLinkUrl(hexId: string): string {
  return `${env().APP_BASE_URL}/loginvalidation/${hexId}`;
}

export function toValidationLinkView(link: LinkRecord): ValidationLinkView {
  return {
    validationHexId: link.hexId,
    url: validationLinkUrl(link.hexId),
    flowHexId: link.flow.hexId,
    flowName: link.flow.name,
    description: link.description,
    expirationDate: link.expirationDate.toISOString(),
    active: link.active,
    state: linkState(link),
    maxUses: link.maxUses,
    usesCount: link.usesCount,
    userLocation: userLocationOf(link),
    lockedAt: link.lockedAt?.toISOString() ?? null,
    createdBy: link.createdBy ? `${link.createdBy.firstName} ${link.createdBy.lastName}` : null,
    createdAt: link.createdAt.toISOString(),
  };
}

/** A link of the caller's organisation; another organisation's is as unknown as a missing one. */
export async function findValidationLink(context: AuthContext, hexId: string, tx: Tx | typeof db = db): Promise<LinkRecord> {
  const link = /^[0-9a-f]{32}$/.test(hexId)
    ? await tx.validationLink.findFirst({ where: { hexId, organizationId: context.organizationId }, include: linkInclude })
    : null;
  if (!link) throw new AppError("NOT_FOUND");
  return link;
}

/** The flow a link may use: an active validation flow of the caller's organisation. */
export async function validationFlowId(context: AuthContext, flowHexId: string, tx: Tx | typeof db = db): Promise<number> {
  const flow = await tx.flow.findFirst({
    where: { hexId: flowHexId, organizationId: context.organizationId },
    select: { id: true, kind: true, active: true },
  });
  if (!flow || flow.kind !== "VALIDATION" || !flow.active) throw new AppError("VALIDATION_FLOW_INVALID", { field: "flowHexId" });
  return flow.id;
}

/** Spec §3 operation log row of a change to a link (module FIRMA, as the /validations page's privilege). */
export function linkOperation(context: AuthContext, event: string, ip: string, link: { hexId: string }, action?: string) {
  return {
    module: "FIRMA" as const,
    organizationId: context.organizationId,
    userId: context.userId,
    event,
    ip,
    recordId: link.hexId,
    action,
  };
}
