"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";

/** A button that asks before an irreversible action (deleting a flow or a document type, rotating an API key). */
export function ConfirmAction({
  label,
  question,
  body,
  confirmLabel,
  onConfirm,
  disabled,
  title,
  describedBy,
  variant = "danger",
  className = "px-2 py-1 text-xs",
  testId,
}: {
  label: ReactNode;
  question: string;
  /** What it will do, under the question. */
  body?: string;
  confirmLabel: string;
  onConfirm: () => unknown;
  disabled?: boolean;
  title?: string;
  /** The id of the text that says why the button is disabled. */
  describedBy?: string;
  variant?: ButtonProps["variant"];
  className?: string;
  /** The button's data-testid; the dialog's confirm button gets `<testId>-confirm`. */
  testId?: string;
}) {
  const common = useTranslations("common");
  return (
    <ConfirmDialog
      trigger={
        <Button
          type="button"
          variant={variant}
          className={className}
          disabled={disabled}
          title={title}
          aria-describedby={describedBy}
          data-testid={testId}
        >
          {label}
        </Button>
      }
      title={question}
      body={body}
      confirmLabel={confirmLabel}
      cancelLabel={common("cancel")}
      confirmVariant={variant === "danger" ? "danger" : "primary"}
      confirmTestId={testId ? `${testId}-confirm` : undefined}
      onConfirm={() => void onConfirm()}
    />
  );
}
