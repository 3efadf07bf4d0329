"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/card";
import type { CanvasSize } from "@/lib/evidence/capture-size";
import type { CapturedKind } from "@/lib/evidence/evidence-steps";
import { CameraCapture } from "./camera-capture";
import { type UploadItem, useEvidenceUploads } from "@/components/capture/use-evidence-uploads";
import { checkWaitPath } from "@/lib/process-routes";
import { type SignerLink, useSignerApi } from "./use-signer-api";

type Props = {
  link: SignerLink;
  step: "ID_PHOTO" | "SELFIE";
  /** What the step needs, in the order it is asked: the ID's front, then its rear when it has one; or the selfie. */
  kinds: CapturedKind[];
  /** What the server already has for this step (a reload after the front was sent asks for the rear). */
  captured: CapturedKind[];
  size: CanvasSize;
  quality: number;
  userAgent: string;
  documentName: string;
  /** The selfie's acceptance box, when it is not the signer's (a validation accepts no signature). */
  acceptance?: { intro: string; label: string; needed: string };
  /** Why the step's last selfie failed its face check (lastCheck.reason), so the signer knows what to change. */
  failedCheck?: string | null;
};

const pageOfStep = { ID_PHOTO: "id-photo", SELFIE: "selfie-photo" } as const;

/** Spec §8 texts for a failed face check (lib/evidence/face-comparison.ts faceCheckReasons). */
const failedCheckMessages: Record<string, string> = {
  FACE_NOT_IDENTIFIED: "capture.faceNotIdentified",
  MORE_THAN_ONE_FACE: "capture.moreThanOneFace",
  FACE_MISMATCH: "capture.faceMismatch",
  TARGET_FACE_NOT_IDENTIFIED: "capture.targetFaceNotIdentified",
};

function UploadRow({ item, label }: { item: UploadItem; label: string }) {
  const t = useTranslations("signing.photoStep.upload");
  const percent = Math.round(item.progress * 100);
  const text = item.state === "sending" ? t("sending", { percent }) : t(item.state);
  return (
    <li className="space-y-1 px-4 py-2" data-testid={`upload-${item.kind}`} data-state={item.state}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-slate-800">{label}</span>
        <span className={item.state === "sent" ? "text-emerald-700" : item.state === "refused" ? "text-red-700" : "text-slate-600"}>
          {text}
        </span>
      </div>
      {item.state === "sending" || item.state === "waiting" || item.state === "retrying" ? (
        <progress
          className="block h-2 w-full accent-[var(--sign-primary)]"
          max={100}
          value={item.state === "sending" ? percent : undefined}
          aria-label={label}
        />
      ) : null}
    </li>
  );
}

/**
 * id-photo and selfie-photo: the camera asks for each photo the step needs in turn (the ID's front,
 * then its rear; or the selfie once the signature-acceptance box is ticked), each accepted photo is
 * kept and sent with its progress, and once the server has them all the process goes on.
 */
export function PhotoStepScreen({ link, step, kinds, captured, size, quality, userAgent, documentName, acceptance, failedCheck }: Props) {
  const t = useTranslations("signing.photoStep");
  const messages = useTranslations();
  const { fail } = useSignerApi(link);
  const { items, unstable, enqueue } = useEvidenceUploads({
    link,
    page: pageOfStep[step],
    fail,
    waitPath: checkWaitPath(link, pageOfStep[step]),
  });
  const [accepted, setAccepted] = useState(false);
  const selfie = step === "SELFIE";

  const mine = items.filter((item) => kinds.includes(item.kind));
  const have = new Set<CapturedKind>([...captured, ...mine.filter((item) => item.state !== "refused").map((item) => item.kind)]);
  const current = kinds.find((kind) => !have.has(kind));
  const sending = mine.some((item) => item.state !== "sent" && item.state !== "refused");

  return (
    <div className="space-y-5" data-testid="photo-step" data-step={step}>
      <p className="text-slate-700">
        {selfie ? (acceptance?.intro ?? t("selfieIntro")) : kinds.includes("ID_REAR") ? t("idIntroWithRear") : t("idIntro")}
      </p>

      {failedCheck && mine.length === 0 ? (
        <div data-testid="face-check-failed" data-reason={failedCheck}>
          <Alert tone="error">
            <p className="font-medium">{messages(failedCheckMessages[failedCheck] ?? "capture.faceCheckError")}</p>
            <p>{t("retake")}</p>
          </Alert>
        </div>
      ) : null}

      {kinds.length > 1 ? (
        <ol className="flex flex-wrap gap-2 text-sm" data-testid="photo-sides">
          {kinds.map((kind, index) => {
            const done = have.has(kind);
            const now = kind === current;
            return (
              <li
                key={kind}
                data-testid={`photo-side-${kind}`}
                data-done={done}
                className={`rounded-full border px-3 py-1 ${now ? "border-[var(--sign-primary)] font-medium text-slate-900" : done ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-slate-200 text-slate-500"}`}
              >
                {done ? <span aria-hidden="true">✓ </span> : null}
                {t("sideNumber", { number: index + 1, side: t(`kinds.${kind}`) })}
              </li>
            );
          })}
        </ol>
      ) : null}

      {selfie ? (
        <label className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 accent-[var(--sign-primary)]"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
            disabled={current === undefined}
            data-testid="selfie-acceptance"
          />
          <span className="text-slate-800">{acceptance?.label ?? t("selfieAcceptance", { document: documentName })}</span>
        </label>
      ) : null}

      {current ? (
        <CameraCapture
          facingMode={selfie ? "user" : "environment"}
          size={size}
          quality={quality}
          userAgent={userAgent}
          label={t(`now.${current}`)}
          guide={selfie ? "face" : "card"}
          enabled={!selfie || accepted}
          blockedHint={selfie ? (acceptance?.needed ?? t("selfieAcceptanceNeeded")) : undefined}
          onCapture={(photo) => void enqueue(current, photo.blob, photo.capturedAt, selfie ? { accepted: true } : {})}
        />
      ) : (
        <div data-testid="photo-all-captured">
          <Alert tone="info">{sending ? t("allCaptured") : t("continuing")}</Alert>
        </div>
      )}

      {unstable ? (
        <div data-testid="unstable-network">
          <Alert tone="error">{messages("capture.unstableNetwork")}</Alert>
        </div>
      ) : null}

      {mine.length > 0 ? (
        <section aria-labelledby="photo-uploads-title" className="rounded-md border border-slate-200 bg-white">
          <h2 id="photo-uploads-title" className="border-b border-slate-200 px-4 py-2 text-sm font-semibold text-slate-900">
            {t("upload.title")}
          </h2>
          <ul className="divide-y divide-slate-100" data-testid="photo-uploads">
            {mine.map((item) => (
              <UploadRow key={item.uploadId} item={item} label={t(`kinds.${item.kind}`)} />
            ))}
          </ul>
          {mine.some((item) => item.resumed) ? (
            <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500" data-testid="photo-uploads-resumed">
              {t("upload.resumed")}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
