import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { CSSProperties } from "react";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigValue } from "@/lib/config/values";
import { brandVariables, signColours } from "@/lib/organizations/colours";
import { menuFor } from "@/lib/permissions/menu";
import { LocaleSwitcher } from "./locale-switcher";
import { SessionKeeper } from "./session-keeper";

export async function PortalShell({ context, children }: { context: AuthContext; children: React.ReactNode }) {
  const t = await getTranslations("menu");
  const entries = menuFor(context.authorities);
  // The organisation's colours (ui_sign_color, /info-organization) over the default green gradient.
  const colours = signColours(await getConfigValue(context.organizationId, "ui_sign_color"));
  return (
    <div
      className="flex min-h-screen"
      style={brandVariables(colours) as CSSProperties}
      data-brand-primary={colours.primary}
      data-brand-secondary={colours.secondary}
    >
      <aside className="hidden w-64 shrink-0 bg-brand-gradient text-white md:block">
        <div className="px-6 py-5 text-xl font-semibold tracking-tight">Rúbrica</div>
        <nav aria-label={t("label")} data-testid="main-menu">
          <ul className="space-y-0.5 px-3 pb-6">
            {entries.map((entry) => (
              <li key={entry.href}>
                <Link
                  href={entry.href}
                  className="block rounded-md px-3 py-2 text-sm text-white/90 hover:bg-white/15 hover:text-white"
                  data-menu={entry.key}
                >
                  {t(entry.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900" data-testid="header-user">
              {context.firstName} {context.lastName}
            </p>
            <p className="truncate text-xs text-slate-500" data-testid="header-organization">
              {context.organizationName}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <LocaleSwitcher />
            <Link href="/profile" className="text-sm text-slate-700 hover:text-brand-700">
              {t("profile")}
            </Link>
            <Link
              href="/logoff"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
              data-testid="logoff"
            >
              {t("logoff")}
            </Link>
          </div>
        </header>
        <nav aria-label={t("label")} className="border-b border-slate-200 bg-white px-4 py-2 md:hidden">
          <ul className="flex gap-3 overflow-x-auto text-sm">
            {entries.map((entry) => (
              <li key={entry.href}>
                <Link href={entry.href} className="whitespace-nowrap text-brand-700">
                  {t(entry.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="flex-1 p-6">{children}</main>
      </div>
      <SessionKeeper exp={context.exp} />
    </div>
  );
}
