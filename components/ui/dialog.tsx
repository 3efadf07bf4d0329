"use client";

import { AlertDialog, Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button";

const overlayClass = "fixed inset-0 z-40 bg-slate-900/40";
const contentClass =
  "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none";

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class; forms are narrow, previews wide. */
  width?: string;
  testId?: string;
};

/** A Radix dialog: focus trapped inside, Escape and the overlay close it, the title names it for screen readers. */
export function Modal({ open, onOpenChange, title, description, children, width = "max-w-lg", testId }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={`${contentClass} ${width}`} data-testid={testId}>
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type ConfirmProps = {
  /** Controlled use; leave both out when a trigger opens the dialog. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (uncontrolled use). */
  trigger?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  confirmVariant?: "primary" | "danger";
  testId?: string;
  confirmTestId?: string;
};

/** Asks before a destructive action; Cancel has the initial focus, as Radix's alert dialog does. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  confirmVariant = "danger",
  testId,
  confirmTestId,
}: ConfirmProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={`${contentClass} max-w-md`} data-testid={testId}>
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          {body ? (
            <AlertDialog.Description className="mt-2 text-sm text-slate-700">{body}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant={confirmVariant} onClick={onConfirm} data-testid={confirmTestId}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
