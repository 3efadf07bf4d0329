"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { useApi } from "@/components/client/use-api";
import type { ContactView } from "@/lib/contacts/contact-view";

type Page = { _embedded: { contacts: ContactView[] } };

/** A search box over the organisation's contacts; choosing one adds them as a signer. */
export function ContactSearch({ onPick }: { onPick: (contact: ContactView) => void }) {
  const t = useTranslations("prepareDocument.signers");
  const api = useApi();
  const [search, setSearch] = useState("");
  const [results, setResults] = useState<{ query: string; contacts: ContactView[] }>({ query: "", contacts: [] });
  const [error, setError] = useState<string | null>(null);
  const query = search.trim();

  useEffect(() => {
    if (query.length < 2) return;
    let current = true;
    // Waits for a pause in typing so each keystroke is not a request.
    const timer = window.setTimeout(() => {
      void api<Page>(`/api/contacts?size=8&search=${encodeURIComponent(query)}`).then((result) => {
        if (!current) return;
        setError(result.ok ? null : result.error.message);
        setResults({ query, contacts: result.ok ? result.data._embedded.contacts : [] });
      });
    }, 300);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [api, query]);

  const answered = query.length >= 2 && results.query === query;
  const shown = answered ? results.contacts : [];

  return (
    <div className="space-y-2">
      <label htmlFor="signer-contact-search" className="block text-sm font-medium text-slate-700">
        {t("searchContact")}
      </label>
      <input
        id="signer-contact-search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t("searchPlaceholder")}
        autoComplete="off"
        data-testid="signer-contact-search"
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t("searchResults")}>
          {shown.map((contact) => (
            <li key={contact.contactHexId}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50"
                data-testid="signer-contact-option"
                onClick={() => {
                  onPick(contact);
                  setSearch("");
                }}
              >
                <span className="font-medium">
                  {contact.name} {contact.lastName}
                </span>
                <span className="ml-2 text-xs text-slate-500">
                  {contact.favoriteChannel?.value ?? contact.email ?? contact.phone ?? t("noChannel")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : answered && !error ? (
        <p className="text-xs text-slate-500">{t("noMatches")}</p>
      ) : null}
    </div>
  );
}
