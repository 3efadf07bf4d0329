"use client";

import { Button } from "@/components/ui/button";

type Props = {
  /** Distinguishes the reason box's id when several reviews share a page. */
  id: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  busy: boolean;
  onAccept: () => void;
  /** Offered once a reason is written: a rejection always says why. */
  onReject: () => void;
  labels: { reason: string; accept: string; reject: string };
  /** Test ids: `<prefix>-reason`, `<prefix>-accept`, `<prefix>-reject`. */
  testIdPrefix?: string;
};

/** Accept, or reject with a reason, what waits for a person's review (a signer's video, a validation process). */
export function ReviewDecision({ id, reason, onReasonChange, busy, onAccept, onReject, labels, testIdPrefix = "review" }: Props) {
  return (
    <div className="space-y-2">
      <label className="block text-sm text-slate-700" htmlFor={`reason-${id}`}>
        {labels.reason}
      </label>
      <textarea
        id={`reason-${id}`}
        className="w-full rounded border border-slate-300 p-2 text-sm"
        rows={2}
        maxLength={1000}
        value={reason}
        onChange={(event) => onReasonChange(event.target.value)}
        data-testid={`${testIdPrefix}-reason`}
      />
      <div className="flex gap-2">
        <Button type="button" disabled={busy} onClick={onAccept} data-testid={`${testIdPrefix}-accept`}>
          {labels.accept}
        </Button>
        <Button
          type="button"
          variant="danger"
          disabled={busy || reason.trim().length === 0}
          onClick={onReject}
          data-testid={`${testIdPrefix}-reject`}
        >
          {labels.reject}
        </Button>
      </div>
    </div>
  );
}
