"use client";

import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button, type ButtonProps } from "@/components/ui/button";

/** A button that asks before an irreversible action (deleting a flow or a document type). */
export function ConfirmAction({ label, question, confirmLabel, onConfirm, disabled, title, variant = "danger" }: {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
  title?: string;
  variant?: ButtonProps["variant"];
}) {
  const common = useTranslations("common");
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant={variant} className="px-2 py-1 text-xs" disabled={disabled} title={title}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-lg">
          <AlertDialog.Title className="text-base font-semibold text-slate-900">{question}</AlertDialog.Title>
          <AlertDialog.Description className="sr-only">{question}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary">
                {common("cancel")}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant="danger" onClick={() => void onConfirm()}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
