"use client";

import { useTranslations } from "next-intl";

const documentTones: Record<string, string> = {
  DRAFT: "bg-slate-100 text-slate-700",
  SCHEDULED: "bg-indigo-100 text-indigo-800",
  SENT: "bg-sky-100 text-sky-800",
  IN_PROGRESS: "bg-amber-100 text-amber-800",
  IN_REVIEW: "bg-violet-100 text-violet-800",
  COMPLETED: "bg-emerald-100 text-emerald-800",
  REJECTED: "bg-red-100 text-red-800",
  CANCELLED: "bg-zinc-200 text-zinc-700",
  EXPIRED: "bg-orange-100 text-orange-800",
};

const signerTones: Record<string, string> = {
  PENDING: "bg-sky-100 text-sky-800",
  IN_PROGRESS: "bg-amber-100 text-amber-800",
  IN_REVIEW: "bg-violet-100 text-violet-800",
  COMPLETED: "bg-emerald-100 text-emerald-800",
  REJECTED: "bg-red-100 text-red-800",
  LAPSED: "bg-orange-100 text-orange-800",
  CANCELLED: "bg-zinc-200 text-zinc-700",
  ATTEMPTS_EXHAUSTED: "bg-red-100 text-red-800",
};

const badge = "inline-flex rounded-full px-2 py-0.5 text-xs font-medium";

function StatusBadge({ status, label, tone, testId }: { status: string; label: string; tone: string | undefined; testId: string }) {
  return (
    <span className={`${badge} ${tone}`} data-testid={testId} data-status={status}>
      {label}
    </span>
  );
}

/** A shipment's status as a coloured, translated badge. */
export function DocumentStatusBadge({ status }: { status: string }) {
  const t = useTranslations("documentStatus");
  return <StatusBadge status={status} label={t(status)} tone={documentTones[status] ?? documentTones.DRAFT} testId="document-status" />;
}

/** A signer's status as a coloured, translated badge. */
export function SignerStatusBadge({ status }: { status: string }) {
  const t = useTranslations("signerStatus");
  return <StatusBadge status={status} label={t(status)} tone={signerTones[status] ?? signerTones.PENDING} testId="signer-status" />;
}

/** A validation process's status (the same states as a signer's, named as validations are). */
export function ValidationStatusBadge({ status }: { status: string }) {
  const t = useTranslations("validations.statuses");
  return <StatusBadge status={status} label={t(status)} tone={signerTones[status] ?? signerTones.PENDING} testId="validation-status" />;
}
