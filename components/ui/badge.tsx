import type { ReactNode } from "react";

const tones = {
  ok: "bg-emerald-50 text-emerald-800",
  off: "bg-red-50 text-red-800",
  pending: "bg-amber-50 text-amber-800",
  info: "bg-sky-50 text-sky-800",
  special: "bg-violet-50 text-violet-800",
  neutral: "bg-slate-100 text-slate-700",
};

/** A short status word in a list's row (enabled, invited, locked…). */
export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs ${tones[tone]}`}>{children}</span>;
}
