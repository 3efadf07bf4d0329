import type { CSSProperties, ReactNode } from "react";
import { LocaleSwitcher } from "@/components/layout/locale-switcher";
import type { Brand } from "./process-page";

/** The signer's pages: the organisation's logo, name and colours (ui_sign_color), and the language switcher. */
export function SignerFrame({ brand, title, children }: { brand: Brand; title?: ReactNode; children: ReactNode }) {
  const style = { "--sign-primary": brand.primary, "--sign-secondary": brand.secondary } as CSSProperties;
  return (
    <div style={style} className="min-h-screen bg-slate-50">
      <header className="border-t-4 border-b border-b-slate-200 bg-white" style={{ borderTopColor: brand.primary }}>
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            {/* eslint-disable-next-line @next/next/no-img-element -- the logo is served by our API, sized by CSS */}
            <img
              src={`/api/organizations/${brand.organizationHexId}/logo`}
              alt=""
              className="h-9 w-auto max-w-32 object-contain"
              data-testid="signer-logo"
            />
            <span className="truncate font-semibold text-slate-900" data-testid="organization-name">
              {brand.organizationName}
            </span>
          </div>
          <LocaleSwitcher />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6">
        {title ? <h1 className="mb-4 text-xl font-semibold text-slate-900 sm:text-2xl">{title}</h1> : null}
        {children}
      </main>
    </div>
  );
}
