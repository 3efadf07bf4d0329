import { AppError } from "@/lib/errors/app-error";
import { satisfies, type Requirement } from "@/lib/permissions/routes";
import { checkSession } from "./sessions";
import { verifyToken, type TokenClaims, type TokenStage } from "./tokens";

/**
 * Who is calling, established from a verified token and a live session, or from an integrator's
 * API key (lib/api-keys/context-from-api-key.ts), which acts as its own API user.
 */
export type AuthContext = {
  userId: number;
  userHexId: string;
  email: string;
  firstName: string;
  lastName: string;
  organizationId: number;
  organizationHexId: string;
  organizationName: string;
  sessionHexId: string;
  stage: TokenStage;
  authorities: string[];
  changePassword: boolean;
  platformAdmin: boolean;
  exp: number;
  /** The API key calling; null for a signed-in person. */
  apiKeyHexId: string | null;
};

export type ContextOptions = {
  /**
   * A user whose password change is forced (spec §6 changePassword) may do nothing else until it is
   * done; only the calls that the change itself needs pass this.
   */
  duringForcedPasswordChange?: boolean;
};

export async function contextFromToken(
  token: string,
  stages: readonly TokenStage[] = ["full"],
  options: ContextOptions = {},
): Promise<AuthContext> {
  const claims: TokenClaims = await verifyToken(token);
  if (!stages.includes(claims.stage)) throw new AppError(claims.stage === "full" ? "FORBIDDEN" : "MFA_REQUIRED");
  const session = await checkSession(claims.sid);
  const user = session.user;
  if (user.hexId !== claims.sub) throw new AppError("UNAUTHENTICATED");
  if (claims.stage === "full" && !user.portalAccess) throw new AppError("NO_PORTAL_ACCESS");
  // Read from the user, not the token: a change forced while a session is live applies at once.
  if (claims.stage === "full" && user.changePassword && !options.duringForcedPasswordChange) throw new AppError("PASSWORD_CHANGE_REQUIRED");
  return {
    userId: user.id,
    userHexId: user.hexId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    organizationId: user.organizationId,
    organizationHexId: user.organization.hexId,
    organizationName: user.organization.name,
    sessionHexId: session.hexId,
    stage: claims.stage,
    authorities: claims.authorities,
    changePassword: user.changePassword,
    platformAdmin: user.platformAdmin,
    exp: claims.exp,
    apiKeyHexId: null,
  };
}

export function assertAllowed(context: AuthContext, requirement: Requirement): void {
  if (!satisfies(context.authorities, requirement)) throw new AppError("FORBIDDEN");
}
