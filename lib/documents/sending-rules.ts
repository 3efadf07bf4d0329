import { AppError } from "@/lib/errors/app-error";

// Spec §5 "Document sending" as pure functions: the server, the readiness check and the tests share them.

export type DraftSnapshot = {
  title: string;
  description: string | null;
  expirationDate: Date | null;
  fileCount: number;
  signers: { position: number; email: string | null; cellPhone: string | null }[];
  orders: { position: number; minSigners: number }[];
  notifications: { sendAt: Date }[];
  flow: { active: boolean; kind: string } | null;
};

/** Phones compare by their digits, e-mails without case, so "+34 600" and "+34600" are one signer. */
export function signerKeys(signer: { email: string | null; cellPhone: string | null }): string[] {
  const keys: string[] = [];
  const email = signer.email?.trim().toLowerCase();
  if (email) keys.push(`email:${email}`);
  const phone = signer.cellPhone?.replace(/[^\d+]/g, "");
  if (phone) keys.push(`phone:${phone}`);
  return keys;
}

/** The first signer that repeats an earlier one's e-mail or phone, by index; null when none does. */
export function duplicateSignerIndex(signers: readonly { email: string | null; cellPhone: string | null }[]): number | null {
  const seen = new Set<string>();
  for (const [index, signer] of signers.entries()) {
    const keys = signerKeys(signer);
    if (keys.some((key) => seen.has(key))) return index;
    for (const key of keys) seen.add(key);
  }
  return null;
}

/** Each order's minimum: a whole number, not zero, not above that order's signers; every order with signers has exactly one. */
export function minSignersViolation(
  signers: readonly { position: number }[],
  orders: readonly { position: number; minSigners: number }[],
): AppError | null {
  const repeated = orders.find((o, i) => orders.findIndex((other) => other.position === o.position) !== i);
  if (repeated) return new AppError("SHIPMENT_MIN_SIGNERS_INVALID", { order: repeated.position });
  const counts = new Map<number, number>();
  for (const signer of signers) counts.set(signer.position, (counts.get(signer.position) ?? 0) + 1);
  for (const position of [...new Set([...counts.keys(), ...orders.map((o) => o.position)])].sort((a, b) => a - b)) {
    const order = orders.find((o) => o.position === position);
    const count = counts.get(position) ?? 0;
    if (!order || !Number.isInteger(order.minSigners) || order.minSigners < 1 || order.minSigners > count) {
      return new AppError("SHIPMENT_MIN_SIGNERS_INVALID", { order: position });
    }
  }
  return null;
}

export type OrderRequirement = {
  /** Signers in the order. */
  count: number;
  /** The order's minimum as the sender set it. */
  minimum: number;
  /** Signers marked mandatory: each of them must sign whatever the minimum says. */
  mandatory: number;
  /** Signatures the order actually waits for before the next order is invited. */
  needed: number;
  /**
   * The minimum promises fewer signatures than the mandatory marks demand (1 of 2 with both
   * mandatory waits for both): the screen says so and proposes a consistent choice.
   */
  contradicts: boolean;
};

/** What an order waits for: every mandatory signer, and at least the minimum in all. */
export function orderRequirement(signers: readonly { mandatory: boolean }[], minimum: number): OrderRequirement {
  const mandatory = signers.filter((s) => s.mandatory).length;
  return { count: signers.length, minimum, mandatory, needed: Math.max(minimum, mandatory), contradicts: mandatory > minimum };
}

/** Whether an order is done: the rule the shipment follows when a signer completes (invite-next-order.ts). */
export function orderSatisfied(signers: readonly { mandatory: boolean; status: string }[], minimum: number): boolean {
  const mandatoryDone = signers.every((s) => !s.mandatory || s.status === "COMPLETED");
  return mandatoryDone && signers.filter((s) => s.status === "COMPLETED").length >= minimum;
}

/** A scheduled notification goes out after now and before the expiration, which must be chosen first. */
export function notificationDatesViolation(sendAts: readonly Date[], expirationDate: Date | null, now: Date): AppError | null {
  if (sendAts.length === 0) return null;
  if (!expirationDate) return new AppError("SHIPMENT_EXPIRATION_FIRST");
  const invalid = sendAts.some((at) => Number.isNaN(at.getTime()) || at <= now || at >= expirationDate);
  return invalid ? new AppError("SHIPMENT_NOTIFICATION_DATE_INVALID") : null;
}

/** The first sending rule the draft breaks, in the order the screen asks for things; null when it may be sent. */
export function sendingViolation(draft: DraftSnapshot, now: Date): AppError | null {
  if (!draft.title.trim() || !draft.description?.trim() || !draft.expirationDate) return new AppError("SHIPMENT_DATA_REQUIRED");
  if (Number.isNaN(draft.expirationDate.getTime()) || draft.expirationDate <= now) return new AppError("SHIPMENT_EXPIRATION_INVALID");
  if (draft.fileCount === 0) return new AppError("SHIPMENT_FILE_REQUIRED");
  if (draft.signers.length === 0) return new AppError("SHIPMENT_SIGNER_REQUIRED");
  const minimum = minSignersViolation(draft.signers, draft.orders);
  if (minimum) return minimum;
  if (duplicateSignerIndex(draft.signers) !== null) return new AppError("SHIPMENT_SIGNER_DUPLICATE");
  const notifications = notificationDatesViolation(
    draft.notifications.map((n) => n.sendAt),
    draft.expirationDate,
    now,
  );
  if (notifications) return notifications;
  if (draft.signers.some((s) => signerKeys(s).length === 0)) return new AppError("SHIPMENT_SIGNER_CHANNEL_REQUIRED");
  if (!draft.flow || !draft.flow.active || draft.flow.kind !== "SIGNATURE") return new AppError("SHIPMENT_FLOW_INVALID");
  return null;
}
