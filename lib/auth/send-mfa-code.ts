import type { MfaMethodType, CodePurpose } from "@/lib/db/generated/enums";
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
  await enforceRateLimit(`mfa-send:burst:${purpose}:${method}:${user.id}`, 1, 30);
  await enforceRateLimit(`mfa-send:hour:${user.id}`, 6, 3600);
  const code = await issueCode(user.id, purpose, method);
  if (method === "EMAIL") await sendAuthMail(user, { kind: "mfaCode", code });
  else await sendAuthSms(user, code);
}
