"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";

/** A button that asks before an irreversible action (deleting a flow or a document type). */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  title,
  describedBy,
  variant = "danger",
}: {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
  title?: string;
  /** The id of the text that says why the button is disabled. */
  describedBy?: string;
  variant?: ButtonProps["variant"];
}) {
  const common = useTranslations("common");
  return (
    <ConfirmDialog
      trigger={
        <Button
          type="button"
          variant={variant}
          className="px-2 py-1 text-xs"
          disabled={disabled}
          title={title}
          aria-describedby={describedBy}
        >
          {label}
        </Button>
      }
      title={question}
      confirmLabel={confirmLabel}
      cancelLabel={common("cancel")}
      onConfirm={() => void onConfirm()}
    />
  );
}
