import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { db } from "@/lib/db/client";
import { filesDownloadToken } from "@/lib/signing/download-link";
import { processPagePath } from "@/lib/signing/steps";

export const generateMetadata = () => screenMetadata("signatureFullProcess");

/** /signature-process/full-process/{urlSign?}/{processHexId?}: the signer has done every step. */
export default async function SignatureFullProcessPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("full-process", (await params).params, { showsStates: ["COMPLETED"], stepPage: true });
  const [screens, t] = await Promise.all([getTranslations("screens"), getTranslations("signing.done")]);
  const documentHexId = (
    await db.signer.findUniqueOrThrow({ where: { hexId: page.processHexId }, select: { document: { select: { hexId: true } } } })
  ).document.hexId;
  return (
    <SignerFrame brand={page.brand} title={screens("signatureFullProcess")}>
      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-lg font-medium text-slate-900" data-testid="signing-done">
          {t("title")}
        </p>
        <p className="text-slate-700">{t("body")}</p>
        <div className="flex flex-wrap gap-4">
          <Link
            className="inline-block font-medium text-[var(--sign-primary)] hover:underline"
            href={processPagePath("summary-signers", page.urlSign, page.processHexId)}
          >
            {t("summaryLink")}
          </Link>
          <Link
            className="inline-block font-medium text-[var(--sign-primary)] hover:underline"
            href={`/files-download/${await filesDownloadToken(documentHexId, page.processHexId)}`}
            data-testid="files-download-link"
          >
            {t("downloadLink")}
          </Link>
        </div>
      </section>
    </SignerFrame>
  );
}
