import { Slot } from "radix-ui";
import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white hover:bg-red-700",
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; asChild?: boolean };

export function Button({ variant = "primary", asChild, className = "", ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

/** A small text button among a list row's actions; `danger` for one that takes something away. */
export function RowButton({ danger, className = "", ...props }: Omit<ButtonProps, "variant" | "type"> & { danger?: boolean }) {
  return <Button type="button" variant="ghost" className={`px-2 py-1${danger ? " text-red-700" : ""} ${className}`} {...props} />;
}
