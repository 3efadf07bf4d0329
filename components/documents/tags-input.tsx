"use client";

import { useState, type KeyboardEvent } from "react";
import { useTranslations } from "next-intl";

type Props = { id: string; label: string; value: string[]; onChange: (tags: string[]) => void; error?: string };

const maxTags = 20;
const maxLength = 40;

/** Tags as removable chips: Enter or a comma adds what was typed, Backspace on an empty box removes the last one. */
export function TagsInput({ id, label, value, onChange, error }: Props) {
  const t = useTranslations("prepareDocument.data");
  const [draft, setDraft] = useState("");

  const add = () => {
    const tag = draft.trim().slice(0, maxLength);
    setDraft("");
    if (!tag || value.includes(tag) || value.length >= maxTags) return;
    onChange([...value, tag]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add();
      return;
    }
    if (event.key === "Backspace" && draft === "" && value.length > 0) onChange(value.slice(0, -1));
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-1.5" data-testid="draft-tags">
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800"
            data-testid="draft-tag"
          >
            {tag}
            <button
              type="button"
              className="rounded-full px-1 text-slate-500 hover:text-slate-900"
              aria-label={t("removeTag", { tag })}
              onClick={() => onChange(value.filter((v) => v !== tag))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          maxLength={maxLength}
          disabled={value.length >= maxTags}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint`}
          className="min-w-32 flex-1 border-0 p-1 text-sm focus:outline-none"
        />
      </div>
      {error ? (
        <p id={`${id}-hint`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {t("tagsHint", { max: maxTags })}
        </p>
      )}
    </div>
  );
}
