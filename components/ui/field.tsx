import { Label } from "radix-ui";
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

type FieldProps = { label: string; error?: string; hint?: string };

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500";

/** Label, control, and the hint or the error, announced and tied to the control (aria-describedby). */
function FieldShell({ fieldId, label, error, hint, children }: FieldProps & { fieldId?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label.Root htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
        {label}
      </Label.Root>
      {children}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const described = (fieldId: string | undefined, error: string | undefined) => ({
  "aria-invalid": !!error,
  "aria-describedby": error ? `${fieldId}-error` : undefined,
});

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(function TextField(
  { label, error, hint, id, name, ...props },
  ref,
) {
  const fieldId = id ?? name;
  return (
    <FieldShell fieldId={fieldId} label={label} error={error} hint={hint}>
      <input ref={ref} id={fieldId} name={name} className={inputClass} {...described(fieldId, error)} {...props} />
    </FieldShell>
  );
});

export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & FieldProps>(function SelectField(
  { label, error, hint, id, name, children, ...props },
  ref,
) {
  const fieldId = id ?? name;
  return (
    <FieldShell fieldId={fieldId} label={label} error={error} hint={hint}>
      <select ref={ref} id={fieldId} name={name} className={inputClass} {...described(fieldId, error)} {...props}>
        {children}
      </select>
    </FieldShell>
  );
});

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> &
  FieldProps & {
    /** A debounced search box (useDebouncedSearch): its text, and what to do with each key. */
    box: { text: string; onChange: (value: string) => void };
  };

/** A list's search box. */
export function SearchField({ box, ...props }: SearchFieldProps) {
  return <TextField type="search" value={box.text} onChange={(e) => box.onChange(e.target.value)} {...props} />;
}
