import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Alert, Card, PageTitle } from "@/components/ui/card";
import type { AuthContext } from "@/lib/auth/context";
import { findMyPendingSignature } from "@/lib/documents/my-signature";
import { MySignButton } from "./my-sign-button";

/** /docdetail/{id}/mySign: the staff member's own pending signature, opened from /inbox. */
export async function MySignScreen({ context, documentHexId }: { context: AuthContext; documentHexId: string }) {
  const [t, format, pending] = await Promise.all([
    getTranslations("inbox.mySign"),
    getFormatter(),
    findMyPendingSignature(context, documentHexId),
  ]);
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      {pending ? (
        <Card>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3" data-testid="my-sign-document">
            <div>
              <dt className="text-slate-500">{t("document")}</dt>
              <dd className="font-medium text-slate-900">{pending.title}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("sender")}</dt>
              <dd className="text-slate-900">{pending.senderName ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("expirationDate")}</dt>
              <dd className="text-slate-900">
                {pending.expirationDate
                  ? format.dateTime(new Date(pending.expirationDate), { dateStyle: "short", timeStyle: "short" })
                  : "—"}
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-xs text-slate-500">{t("newLink")}</p>
          <div className="mt-4">
            <MySignButton documentHexId={pending.documentHexId} />
          </div>
        </Card>
      ) : (
        <div data-testid="my-sign-none">
          <Alert tone="info">{t("none")}</Alert>
        </div>
      )}
      <p className="mt-4 text-sm">
        <Link href="/inbox" className="text-brand-700 underline">
          {t("back")}
        </Link>
      </p>
    </div>
  );
}
