"use client";

import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { ApiFormState } from "@/components/client/use-api-form";
import { Button } from "./button";
import { Alert, Card } from "./card";
import { Modal } from "./dialog";
import { SubmitButton } from "./submit-button";

type FormProps<V extends FieldValues> = {
  /** What useApiForm returned. */
  form: ApiFormState<V>;
  children: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  /** data-testid of the form; the submit button's is `<formTestId>-submit` unless submitTestId says otherwise. */
  formTestId?: string;
  submitTestId?: string;
};

type FormDialogProps<V extends FieldValues> = FormProps<V> & {
  title: ReactNode;
  description?: ReactNode;
  /** data-testid of the dialog. */
  testId?: string;
  onClose: () => void;
};

/**
 * A create or edit form in a Radix dialog: the form-wide error above the fields, Cancel and the submit
 * button (disabled while sending) below. Mount it only while open, so each opening starts afresh.
 */
export function FormDialog<V extends FieldValues>({
  form,
  children,
  title,
  description,
  testId,
  formTestId,
  submitLabel,
  submitTestId,
  cancelLabel,
  onClose,
}: FormDialogProps<V>) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} description={description} testId={testId}>
      <form onSubmit={form.submit} noValidate className="space-y-4" data-testid={formTestId}>
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
        {children}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <SubmitButton disabled={form.submitting} data-testid={submitTestId}>
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

type FormCardProps<V extends FieldValues> = FormProps<V> & {
  title: ReactNode;
  /** Tailwind classes laying out the fields and the buttons in one row. */
  className: string;
  /** Given while a record is being edited: a Cancel button that goes back to a new one. */
  onCancel?: () => void;
};

/** The same form inline, in a card above a short catalogue (groups, roles, document types). */
export function FormCard<V extends FieldValues>({
  form,
  children,
  title,
  className,
  formTestId,
  submitLabel,
  submitTestId,
  cancelLabel,
  onCancel,
}: FormCardProps<V>) {
  return (
    <Card title={title}>
      <form onSubmit={form.submit} noValidate className={className} data-testid={formTestId}>
        {children}
        <div className="flex gap-2">
          <SubmitButton disabled={form.submitting} data-testid={submitTestId}>
            {submitLabel}
          </SubmitButton>
          {onCancel ? (
            <Button type="button" variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
