// Pure: why a dispatch failed, in words staff can act on, from the transport's technical message.

export const deliveryFailureReasons = [
  "NO_ADDRESS",
  "INVALID_ADDRESS",
  "REJECTED",
  "UNREACHABLE",
  "TIMEOUT",
  "CONFIGURATION",
  "UNKNOWN",
] as const;
export type DeliveryFailureReason = (typeof deliveryFailureReasons)[number];

// Checked in order: the first that matches names the reason.
const rules: [DeliveryFailureReason, RegExp][] = [
  ["NO_ADDRESS", /has no (e-mail address|mobile phone)/i],
  // Credentials or sender rejected by the provider: the platform's configuration, not the signer.
  ["CONFIGURATION", /EAUTH|\b535\b|invalid login|authenticat|\b(20003|20404|21606|21659)\b|partly configured|sender address rejected/i],
  // Twilio 21211/21614 and nodemailer's own address checks.
  [
    "INVALID_ADDRESS",
    /\b(21211|21614|21217)\b|not a valid (phone|mobile)|invalid ['"]?to['"]?|E\.164|EENVELOPE|no recipients defined|invalid (mail|e-?mail) address/i,
  ],
  // SMTP 55x (mailbox unavailable, rejected recipient) and Twilio's blocked or unsubscribed numbers.
  [
    "REJECTED",
    /\b55[0-4]\b|recipient (address )?rejected|mailbox (unavailable|not found|full)|user unknown|\b(21610|21612|21408|30004|30005|30006|30007)\b|unsubscribed|blocked/i,
  ],
  ["TIMEOUT", /ETIMEDOUT|ESOCKETTIMEDOUT|timed? ?out|greeting never received/i],
  [
    "UNREACHABLE",
    /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|socket hang up|connection (closed|refused|lost)/i,
  ],
];

/** The reason of a failed attempt, or null when the dispatch has no error. */
export function deliveryFailureReason(error: string | null): DeliveryFailureReason | null {
  if (!error?.trim()) return null;
  return rules.find(([, pattern]) => pattern.test(error))?.[0] ?? "UNKNOWN";
}
