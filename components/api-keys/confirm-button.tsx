"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";

type Props = {
  label: string;
  title: string;
  description: string;
  variant?: "secondary" | "danger";
  disabled?: boolean;
  testId: string;
  onConfirm: () => void;
};

/** A button whose action needs a second, explicit yes: rotating or deleting a key breaks integrations. */
export function ConfirmButton({ label, title, description, variant = "secondary", disabled, testId, onConfirm }: Props) {
  const common = useTranslations("common");
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant={variant} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      }
      title={title}
      body={description}
      confirmLabel={label}
      cancelLabel={common("cancel")}
      confirmVariant={variant === "danger" ? "danger" : "primary"}
      confirmTestId={`${testId}-confirm`}
      onConfirm={onConfirm}
    />
  );
}
