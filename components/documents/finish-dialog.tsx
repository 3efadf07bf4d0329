"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Modal } from "@/components/ui/dialog";
import { useApi } from "@/components/client/use-api";
import { notifySuccess } from "@/components/client/notify";
import type { DraftView } from "@/lib/documents/draft-records";
import { orderRequirement } from "@/lib/documents/sending-rules";
import { favouriteChannel } from "@/lib/documents/signer-channel";

type Props = { draft: DraftView; onClose: () => void };

/** What will go out, as saved; confirming sends it and invites the first order. */
export function FinishDialog({ draft, onClose }: Props) {
  const t = useTranslations("prepareDocument.finish");
  const locale = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  const tSigners = useTranslations("prepareDocument.signers");
  const router = useRouter();
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const positions = [...new Set(draft.signers.map((s) => s.position))].sort((a, b) => a - b);

  const send = async () => {
    setSending(true);
    setError(null);
    const result = await api(`/api/documents/${draft.documentHexId}/send`, { method: "POST" });
    if (!result.ok) {
      setSending(false);
      setError(result.error.message);
      return;
    }
    notifySuccess(t("sent", { title: draft.title }));
    router.push("/signatures");
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={t("description")}
      width="max-w-2xl"
      testId="finish-dialog"
    >
      <div className="space-y-4 text-sm">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-500">{t("documentTitle")}</dt>
          <dd className="font-medium" data-testid="finish-title">
            {draft.title || "—"}
          </dd>
          <dt className="text-slate-500">{t("expiration")}</dt>
          <dd>{draft.expirationDate ? formatZonedTime(draft.expirationDate, locale, timeZone, { dateStyle: "medium" }) : "—"}</dd>
          <dt className="text-slate-500">{t("flow")}</dt>
          <dd>{draft.flow?.name ?? "—"}</dd>
        </dl>
        <section>
          <h3 className="font-semibold text-slate-800">{t("files")}</h3>
          <ul className="mt-1 list-disc pl-5">
            {draft.files.map((file) => (
              <li key={file.fileHexId} data-testid="finish-file">
                {file.fileName} · {t("pages", { count: file.pages })}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="font-semibold text-slate-800">{t("signers")}</h3>
          {positions.map((position) => {
            const inOrder = draft.signers.filter((s) => s.position === position);
            const minimum = draft.orders.find((o) => o.position === position)?.minSigners;
            const plan = minimum === undefined ? null : orderRequirement(inOrder, minimum);
            return (
              <div key={position} className="mt-2" data-testid="finish-order">
                <p className="text-slate-700">{t("order", { order: position, minimum: minimum ?? "—", count: inOrder.length })}</p>
                {plan?.contradicts ? (
                  <p className="text-xs text-sky-900" data-testid="finish-order-contradiction">
                    {tSigners("orderContradiction", {
                      order: position,
                      minimum: plan.minimum,
                      count: plan.count,
                      mandatory: plan.mandatory,
                    })}
                  </p>
                ) : null}
                <ul className="mt-1 list-disc pl-5">
                  {inOrder.map((signer) => {
                    const channel = favouriteChannel({ email: signer.email, cellPhone: signer.cellPhone, contact: null });
                    return (
                      <li key={signer.signerHexId} data-testid="finish-signer">
                        {signer.firstName} {signer.lastName} · {channel ? t(`channel.${channel.type}`, { to: channel.to }) : t("noChannel")}
                        {signer.mandatory ? "" : ` · ${t("optional")}`}
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </section>
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="button" onClick={() => void send()} disabled={sending} data-testid="finish-confirm">
            {t("confirm")}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
