import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/card";

type View = { title: string; ready: boolean; certificate: boolean; files: { hexId: string; fileName: string }[] };

/** /files-download: the signed shipment's files, or word that they are still being sealed. */
export async function FilesDownloadScreen({ token, view }: { token: string; view: View }) {
  const t = await getTranslations("signing.filesDownload");
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-lg font-semibold text-slate-900">{view.title}</p>
      {view.ready ? (
        <ul className="space-y-2" data-testid="signed-files">
          {view.files.map((file) => (
            <li key={file.hexId}>
              <a
                className="font-medium text-[var(--sign-primary)] hover:underline"
                href={`/api/signprocess/download/${token}?file=${file.hexId}`}
                download
              >
                {t("download", { name: file.fileName })}
              </a>
            </li>
          ))}
          {view.certificate ? (
            <li>
              <a
                className="font-medium text-[var(--sign-primary)] hover:underline"
                href={`/api/signprocess/download/${token}?file=certificate`}
                download
                data-testid="signed-files-certificate"
              >
                {t("certificate")}
              </a>
            </li>
          ) : null}
        </ul>
      ) : (
        <Alert tone="info">
          <span data-testid="signed-files-pending">{t("pending")}</span>
        </Alert>
      )}
    </section>
  );
}
