import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";
import { listMyPending } from "@/lib/documents/list-my-pending";
import { mySignSegment } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("inbox");

/** /inbox */
export default async function InboxPage() {
  const context = await requirePage("/inbox");
  const [t, format, documents] = await Promise.all([getTranslations("inbox"), getFormatter(), listMyPending(context)]);
  const date = (value: string | null) => (value ? format.dateTime(new Date(value), { dateStyle: "short", timeStyle: "short" }) : "—");
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="inbox-table">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t("columns.title")}
              </th>
              <th scope="col" className="px-4 py-3">
                {t("columns.sender")}
              </th>
              <th scope="col" className="px-4 py-3">
                {t("columns.invitedAt")}
              </th>
              <th scope="col" className="px-4 py-3">
                {t("columns.expirationDate")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {documents.map((document) => (
              <tr key={document.documentHexId} data-testid="inbox-row">
                <td className="px-4 py-3 font-medium text-slate-900">
                  <Link
                    href={`/docdetail/${document.documentHexId}/${mySignSegment}`}
                    prefetch={false}
                    aria-label={t("open", { title: document.title })}
                    className="text-brand-700 underline-offset-2 hover:underline"
                    data-testid="inbox-open"
                  >
                    {document.title}
                  </Link>
                </td>
                <td className="px-4 py-3 text-slate-700">{document.senderName ?? "—"}</td>
                <td className="px-4 py-3 text-slate-700">{date(document.invitedAt)}</td>
                <td className="px-4 py-3 text-slate-700">{date(document.expirationDate)}</td>
              </tr>
            ))}
            {documents.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-slate-500" data-testid="inbox-empty">
                  {t("empty")}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}
