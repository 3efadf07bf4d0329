import { db } from "@/lib/db/client";
import { getConfigNumber } from "@/lib/config/values";
import { AppError } from "@/lib/errors/app-error";
import { authoritiesFromPrivileges, type ModuleName } from "@/lib/permissions/authorities";
import type { MfaMethodType } from "@/lib/db/generated/enums";
import { signToken, type TokenStage } from "./tokens";

/** Minutes a pre-authentication token (second factor pending) lives. */
const preAuthMinutes = 10;
/** lastActivityAt is written at most this often, so a busy page does not write on every call. */
const touchEveryMs = 60_000;

export type RequestMeta = { ip: string; userAgent: string };

export async function loadAuthorities(userId: number): Promise<string[]> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    include: { role: { include: { privileges: true } } },
  });
  const privileges = (user.role?.privileges ?? []).map((p) => ({ ...p, module: p.module as ModuleName }));
  return authoritiesFromPrivileges(privileges, user.platformAdmin);
}

export async function openSession(userId: number, meta: RequestMeta, mfaPassed: boolean, mfaMethod?: MfaMethodType) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const minutes = mfaPassed ? await getConfigNumber(user.organizationId, "session_time") : preAuthMinutes;
  return db.authSession.create({
    data: {
      userId,
      organizationId: user.organizationId,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 512),
      mfaPassed,
      mfaMethod,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    },
  });
}

/** Issues a token for a session; a full token also extends the session to session_time from now. */
export async function issueToken(sessionId: number, stage: TokenStage): Promise<{ token: string; expiresAt: Date }> {
  const session = await db.authSession.findUniqueOrThrow({
    where: { id: sessionId },
    include: { user: true, organization: true },
  });
  let expiresAt = session.expiresAt;
  if (stage === "full") {
    const minutes = await getConfigNumber(session.organizationId, "session_time");
    expiresAt = new Date(Date.now() + minutes * 60_000);
    await db.authSession.update({ where: { id: sessionId }, data: { expiresAt, lastActivityAt: new Date() } });
  }
  const token = await signToken(
    {
      sub: session.user.hexId,
      sid: session.hexId,
      org: session.organization.hexId,
      stage,
      authorities: stage === "full" ? await loadAuthorities(session.userId) : [],
      changePassword: session.user.changePassword,
    },
    expiresAt,
  );
  return { token, expiresAt };
}

/**
 * Checks that a token's session is still alive: not ended, not past its expiry, not idle longer
 * than default_idle_timeout. An idle session is ended here, so every later call sees it ended.
 */
export async function checkSession(sessionHexId: string) {
  const session = await db.authSession.findUnique({
    where: { hexId: sessionHexId },
    include: { user: { include: { organization: true } } },
  });
  if (!session) throw new AppError("UNAUTHENTICATED");
  // A disabled organisation refuses its users at once, whatever their session (lib/organizations/administer.ts).
  if (!session.user.organization.active) throw new AppError("ORGANIZATION_DISABLED");
  if (session.endedAt) throw new AppError(session.endReason === "idle" ? "SESSION_EXPIRED_INACTIVITY" : "SESSION_EXPIRED");
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) throw new AppError("SESSION_EXPIRED");
  if (!session.user.enabled || session.user.lockedAt) throw new AppError("USER_DISABLED");
  if (session.mfaPassed) {
    const idleMinutes = await getConfigNumber(session.organizationId, "default_idle_timeout");
    if (now - session.lastActivityAt.getTime() > idleMinutes * 60_000) {
      await db.authSession.update({ where: { id: session.id }, data: { endedAt: new Date(), endReason: "idle" } });
      throw new AppError("SESSION_EXPIRED_INACTIVITY");
    }
    if (now - session.lastActivityAt.getTime() > touchEveryMs) {
      await db.authSession.update({ where: { id: session.id }, data: { lastActivityAt: new Date() } });
    }
  }
  return session;
}

export async function endSession(sessionHexId: string, reason: string): Promise<void> {
  await db.authSession.updateMany({ where: { hexId: sessionHexId, endedAt: null }, data: { endedAt: new Date(), endReason: reason } });
}
