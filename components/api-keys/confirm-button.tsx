"use client";

import { AlertDialog } from "radix-ui";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

type Props = { label: string; title: string; description: string; variant?: "secondary" | "danger"; disabled?: boolean; testId: string; onConfirm: () => void };

/** A button whose action needs a second, explicit yes: rotating or deleting a key breaks integrations. */
export function ConfirmButton({ label, title, description, variant = "secondary", disabled, testId, onConfirm }: Props) {
  const common = useTranslations("common");
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant={variant} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-lg">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary">
                {common("cancel")}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant={variant === "danger" ? "danger" : "primary"} onClick={onConfirm} data-testid={`${testId}-confirm`}>
                {label}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
