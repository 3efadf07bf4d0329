import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { connection } from "next/server";
import { Toaster } from "@/components/layout/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Rúbrica", template: "%s · Rúbrica" },
  description: "Firma electrónica y digital con verificación de identidad y evidencias selladas en blockchain.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Rendered per request: the nonce of each response's Content-Security-Policy (proxy.ts) must reach Next's scripts.
  await connection();
  const [locale, messages, timeZone] = await Promise.all([getLocale(), getMessages(), getTimeZone()]);
  return (
    <html lang={locale === "en-us" ? "en-US" : "es-ES"}>
      <body className="min-h-screen">
        <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
          {children}
          {/* Below the portal's header, so a notice never lies over "Cerrar sesión" or the account menu. */}
          <Toaster position="top-right" offset={{ top: 76, right: 24 }} mobileOffset={{ top: 72 }} richColors closeButton />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
