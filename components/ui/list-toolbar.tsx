import type { ReactNode } from "react";

/** Above a list: the search box and filters on the left, the list's buttons (new, import…) on the right. */
export function ListToolbar({ children, actions, wide = false }: { children: ReactNode; actions?: ReactNode; wide?: boolean }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className={`flex w-full flex-wrap gap-3 ${wide ? "max-w-2xl" : "max-w-md"}`}>{children}</div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
