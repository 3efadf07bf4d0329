import type { MfaMethodType, CodePurpose } from "@/lib/db/generated/enums";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { issueCode } from "./one-time-codes";
import { sendAuthMail, sendAuthSms } from "./notify-user";

type CodeUser = { id: number; email: string; cellPhone: string | null; firstName: string; preferredLanguage: string };

/**
 * Sends a fresh e-mail or SMS code (TOTP needs none). At most one per 30 seconds and
 * six per hour per user, so codes cannot be used to flood an inbox or a phone bill.
 */
export async function sendSecondFactorCode(user: CodeUser, method: MfaMethodType, purpose: CodePurpose = "MFA_LOGIN"): Promise<void> {
  if (method === "TOTP") return;
  await enforceRateLimit(rateLimits.mfaSendBurst, `${purpose}:${method}:${user.id}`);
  await enforceRateLimit(rateLimits.mfaSendHour, user.id);
  const code = await issueCode(user.id, purpose, method);
  if (method === "EMAIL") await sendAuthMail(user, { kind: "mfaCode", code });
  else await sendAuthSms(user, code);
}
