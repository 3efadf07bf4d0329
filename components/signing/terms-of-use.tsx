import { useTranslations } from "next-intl";
import { useId } from "react";

/** One clause of the terms as the catalogs hold it: paragraphs under ordered keys p1, p2, … */
type TermsSection = { title: string; paragraphs: Record<string, string> };

/**
 * The terms of use of spec §1, in the reader's language, in a scrollable region that screen readers
 * announce as a document named by its title. No "use client": it renders on the server when a server
 * page imports it and in the browser when the accept-terms step (a client component) does.
 * Sections are an ordered object rather than an array: the English catalog is merged over the Spanish
 * one (lib/i18n/messages.ts), which would turn an array into an object anyway.
 */
export function TermsOfUse({ className = "" }: { className?: string }) {
  const t = useTranslations("terms");
  const titleId = useId();
  const sections = t.raw("sections") as Record<string, TermsSection>;
  return (
    <div
      role="document"
      aria-labelledby={titleId}
      // Focusable so that keyboard users can scroll it.
      tabIndex={0}
      data-testid="terms-of-use"
      className={`max-h-[60vh] overflow-y-auto rounded-md border border-slate-200 bg-white p-5 text-sm leading-relaxed text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`.trim()}
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t("title")}
      </h2>
      <p className="mt-1 text-xs text-slate-500" data-testid="terms-version">
        {t("version")}
      </p>
      <p className="mt-4">{t("intro")}</p>
      {Object.entries(sections).map(([key, section]) => (
        <section key={key} className="mt-5">
          <h3 className="font-semibold text-slate-900">{section.title}</h3>
          {Object.entries(section.paragraphs).map(([paragraphKey, text]) => (
            <p key={paragraphKey} className="mt-2">
              {text}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
