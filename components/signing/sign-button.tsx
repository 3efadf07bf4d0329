import type { ButtonHTMLAttributes } from "react";

/** The signer's main action, in the organisation's primary colour (ui_sign_color). */
export function SignButton({
  className = "",
  tone = "primary",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: "primary" | "outline" }) {
  const look =
    tone === "primary"
      ? "text-white bg-[var(--sign-primary)] hover:brightness-110 disabled:bg-slate-400"
      : "border border-[var(--sign-primary)] bg-white text-[var(--sign-primary)] hover:bg-slate-50";
  return (
    <button
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--sign-secondary)] disabled:cursor-not-allowed ${look} ${className}`}
      {...props}
    />
  );
}
