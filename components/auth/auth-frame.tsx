import { LocaleSwitcher } from "@/components/layout/locale-switcher";

/** The frame of every page outside the portal: brand panel, language switcher, a card. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <div className="bg-brand-gradient flex flex-col justify-between p-8 text-white md:w-2/5">
        <p className="text-2xl font-semibold tracking-tight">Rúbrica</p>
        <p className="mt-6 hidden max-w-sm text-sm text-white/85 md:block">
          Firma electrónica y digital con verificación de identidad y evidencias selladas en blockchain.
        </p>
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex justify-end p-4">
          <LocaleSwitcher />
        </div>
        <div className="flex flex-1 items-start justify-center px-4 pb-12 md:items-center">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </div>
    </div>
  );
}
