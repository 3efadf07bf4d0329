"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { callApi } from "@/components/client/api-client";
import { Alert } from "@/components/ui/card";
import type { SignatureProcessData } from "@/lib/signing/process-data";
import { pagePath, routesOf } from "@/lib/process-routes";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";

type LocationStatus = "idle" | "asking" | "denied" | "done";

function positionPayload(position: GeolocationPosition) {
  const c = position.coords;
  return {
    timestamp: position.timestamp,
    latitude: c.latitude,
    longitude: c.longitude,
    altitude: c.altitude,
    accuracy: c.accuracy,
    altitudeAccuracy: c.altitudeAccuracy,
    heading: c.heading,
    speed: c.speed,
  };
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(Object.assign(new Error("unavailable"), { code: 2 }));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 });
  });
}

/** The signer's first page: who sends what, the steps ahead, the location when the flow asks for it, and the way in. */
export function HomeScreen({ link, data }: { link: SignerLink; data: SignatureProcessData }) {
  const t = useTranslations("signing");
  return (
    <ProcessHomeScreen link={link} data={data}>
      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-lg text-slate-900" data-testid="signer-greeting">
          {t("greeting", { name: data.FirstNameSignee })}
        </p>
        <p className="mt-2 text-slate-700">{t("invitation", { sender: data.nameSender, organization: data.nameOrganization })}</p>
        <p className="mt-3 text-lg font-semibold text-slate-900" data-testid="document-name">
          {data.documentName}
        </p>
        {data.description ? <p className="mt-1 text-slate-600">{data.description}</p> : null}
        {data.expirationDate ? (
          <p className="mt-2 text-sm text-slate-600">{t("expires", { date: new Date(data.expirationDate) })}</p>
        ) : null}
      </section>
    </ProcessHomeScreen>
  );
}

/** What the home page reads of a signer's or a validation's process data. */
export type HomeData = Pick<SignatureProcessData, "currentStep" | "geolocateSigners" | "obligatoryGeolocation" | "preferredLanguage"> & {
  nextPage: string;
  stepOrder: readonly string[];
  maxLinkUses?: number;
  linkUses?: number;
};

/**
 * A process's home page below its own introduction (`children`): the steps ahead (named by
 * `stepLabels`, else as a signer's pages), the location when the flow asks for it, and the way in.
 */
export function ProcessHomeScreen({
  link,
  data,
  stepLabels,
  children,
}: {
  link: SignerLink;
  data: HomeData;
  stepLabels?: Record<string, string>;
  children: ReactNode;
}) {
  const t = useTranslations("signing");
  const steps = useTranslations("signing.steps");
  const capture = useTranslations("capture");
  const locale = useLocale();
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [location, setLocation] = useState<LocationStatus>("idle");
  const [busy, setBusy] = useState(false);

  // The signer's preferred language applies until they pick another one with the switcher.
  useEffect(() => {
    const chosen = document.cookie.split("; ").some((c) => c.startsWith("NEXT_LOCALE="));
    if (!chosen && data.preferredLanguage !== locale) {
      void callApi("/api/locale", { body: { locale: data.preferredLanguage } }).then(() => router.refresh());
    }
  }, [data.preferredLanguage, locale, router]);

  const started = data.currentStep > 0;
  const usesLeft = data.maxLinkUses === undefined ? Infinity : data.maxLinkUses - (data.linkUses ?? 0);

  async function shareLocation(): Promise<boolean> {
    setLocation("asking");
    try {
      const position = await currentPosition();
      const saved = await call("/api/signprocess/addSigneeGeolocation", {
        process: routesOf(link).locationProcess,
        processHexId: link.processHexId,
        geolocation: positionPayload(position),
      });
      if (!saved.ok) {
        fail(saved.error);
        setLocation("idle");
        return false;
      }
      setLocation("done");
      return true;
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === "number" ? (error as { code: number }).code : 2;
      const message = error instanceof Error ? error.message : "";
      const saved = await call("/api/signprocess/addSigneeGeolocation", {
        process: routesOf(link).locationProcess,
        processHexId: link.processHexId,
        geolocation: { timestamp: Date.now(), errorCode: code, errorMessage: message },
      });
      if (data.obligatoryGeolocation || !saved.ok) {
        setLocation("denied");
        return false;
      }
      setLocation("done");
      return true;
    }
  }

  async function begin() {
    setBusy(true);
    try {
      if (data.geolocateSigners && location !== "done" && !(await shareLocation())) return;
      const target = pagePath(link, data.nextPage);
      // A validation whose first step is this page's own (the terms): the same page again, now past the location.
      if (target === window.location.pathname) router.refresh();
      else router.push(target);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-5">
      {children}

      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-slate-900">{t("stepsTitle")}</h2>
        <ol className="mt-3 space-y-2" data-testid="signer-steps">
          {data.stepOrder.map((page, index) => (
            <li key={page} className="flex items-center gap-3 text-slate-700">
              <span
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-medium ${index < data.currentStep ? "bg-[var(--sign-secondary)] text-white" : "border border-slate-300"}`}
                aria-hidden
              >
                {index + 1}
              </span>
              <span>{stepLabels?.[page] ?? steps(page)}</span>
              {index < data.currentStep ? <span className="text-sm text-slate-500">{t("stepDone")}</span> : null}
            </li>
          ))}
        </ol>
        {data.geolocateSigners ? (
          <p className="mt-3 text-sm text-slate-600">{data.obligatoryGeolocation ? t("locationRequired") : t("locationAsked")}</p>
        ) : null}
      </section>

      {usesLeft <= 3 ? (
        <Alert tone="info">
          <span data-testid="usage-limit">{t("usageLimit", { left: Math.max(usesLeft, 0), max: data.maxLinkUses ?? 0 })}</span>
        </Alert>
      ) : null}

      {location === "denied" ? (
        <Alert tone="error">
          <span data-testid="location-denied">{capture("locationDenied")}</span>
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {location === "denied" ? (
          <SignButton onClick={() => void begin()} disabled={busy}>
            {capture("retry")}
          </SignButton>
        ) : (
          <SignButton onClick={() => void begin()} disabled={busy} data-testid="start-process">
            {started ? t("continue") : t("start")}
          </SignButton>
        )}
      </div>
    </div>
  );
}
