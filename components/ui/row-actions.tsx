"use client";

import { DropdownMenu } from "radix-ui";
import { Button } from "./button";

export type RowAction = {
  key: string;
  label: string;
  onSelect: () => void;
  /** A change that takes something away (disable, delete): shown in red. */
  danger?: boolean;
  testId?: string;
};

/**
 * A table row's secondary actions behind one compact "⋯" button, so a row of a DataTable never wraps its
 * actions onto several lines. The menu is keyboard-operable (Radix) and its items keep their own test ids.
 */
export function RowActionsMenu({ label, actions, testId }: { label: string; actions: RowAction[]; testId?: string }) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="ghost" className="px-2 py-1" aria-label={label} title={label} data-testid={testId}>
          <span aria-hidden="true">⋯</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.key}
              onSelect={action.onSelect}
              data-testid={action.testId}
              className={`cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100 ${action.danger ? "text-red-700" : "text-slate-800"}`}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
