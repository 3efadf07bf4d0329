"use client";

import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import type { ApiResult } from "@/components/client/api-client";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useApi } from "@/components/client/use-api";
import { useFieldError } from "@/components/auth/use-form-errors";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import type { OrganizationProfile } from "@/lib/organizations/profile";
import { defaultColours, logoLimits, sealCertificateLimits, updateProfileInput } from "@/lib/organizations/profile-schemas";
import type { SealCertificateView } from "@/lib/organizations/seal-certificate";
import { SubmitButton } from "@/components/ui/submit-button";

type Values = {
  name: string;
  primaryColor: string;
  secondaryColor: string;
  timezone: string;
  defaultLanguage: string;
  contactEmail: string;
  contactPhone: string;
  address: string;
  website: string;
};

const fieldNames: (keyof Values)[] = [
  "name",
  "primaryColor",
  "secondaryColor",
  "timezone",
  "defaultLanguage",
  "contactEmail",
  "contactPhone",
  "address",
  "website",
];

function valuesOf(profile: OrganizationProfile): Values {
  return {
    name: profile.name,
    primaryColor: profile.primaryColor,
    secondaryColor: profile.secondaryColor,
    timezone: profile.timezone,
    defaultLanguage: profile.defaultLanguage,
    contactEmail: profile.contactEmail ?? "",
    contactPhone: profile.contactPhone ?? "",
    address: profile.address ?? "",
    website: profile.website ?? "",
  };
}

/** A multipart call to our API with the session cookie; errors come back in the page's language. */
async function sendForm<T>(url: string, method: string, form: FormData, locale: string, connectionLost: string): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, { method, body: form, headers: { "accept-language": locale }, credentials: "same-origin" });
    const payload: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: payload as T };
    const error = (payload && typeof payload === "object" ? payload : {}) as { errorCode?: string; message?: string };
    return { ok: false, error: { ...error, errorCode: error.errorCode ?? "SERVER_ERROR", message: error.message ?? "" } };
  } catch {
    return { ok: false, error: { errorCode: "CONNECTION_LOST", message: connectionLost } };
  }
}

type Props = { profile: OrganizationProfile; certificate: SealCertificateView | null; canUpdate: boolean; timeZones: string[] };

/** /info-organization: the profile form, the logo and the seal certificate. Without ORGANIZACION:UPDATE it is read-only. */
export function OrganizationProfileScreen({ profile: initial, certificate: initialCertificate, canUpdate, timeZones }: Props) {
  const t = useTranslations("orgProfile");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const router = useRouter();
  const api = useApi();
  const fieldError = useFieldError();
  const [profile, setProfile] = useState(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setValue, control, reset } = useForm<Values>({
    resolver: zodResolver(updateProfileInput as never) as never,
    defaultValues: valuesOf(initial),
  });
  const [primary, secondary] = useWatch({ control, name: ["primaryColor", "secondaryColor"] });
  const zones = timeZones.includes(profile.timezone) ? timeZones : [profile.timezone, ...timeZones];

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await api<OrganizationProfile>("/api/organization/profile", { method: "PUT", body: values });
    if (result.ok) {
      setProfile(result.data);
      reset(valuesOf(result.data));
      notifySuccess(t("profile.saved"));
      // The portal's colours and name come from the server: show them at once.
      router.refresh();
      return;
    }
    const field = result.error.field;
    if (typeof field === "string" && (fieldNames as string[]).includes(field))
      setError(field as Path<Values>, { message: result.error.errorCode });
    else setFormError(result.error.message);
    notifyApiError(result.error);
  });
  const error = (name: keyof Values) => fieldError(formState.errors[name]);
  const colourOk = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

  return (
    <div className="space-y-6" data-testid="organization-profile">
      {canUpdate ? null : <Alert>{t("readOnly")}</Alert>}
      <Card title={t("profile.title")}>
        <form onSubmit={submit} noValidate className="space-y-5" data-testid="organization-profile-form">
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <fieldset disabled={!canUpdate} className="space-y-5">
            <TextField label={t("profile.name")} autoComplete="organization" error={error("name")} {...register("name")} />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {(["primaryColor", "secondaryColor"] as const).map((name) => {
                const value = name === "primaryColor" ? primary : secondary;
                return (
                  <div key={name} className="flex items-end gap-2">
                    <input
                      type="color"
                      aria-label={t(`profile.${name}`)}
                      className="h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-1"
                      value={colourOk(value) ? value : "#000000"}
                      onChange={(event) => setValue(name, event.target.value, { shouldDirty: true, shouldValidate: true })}
                      data-testid={`${name}-picker`}
                    />
                    <div className="min-w-0 flex-1">
                      <TextField
                        label={t(`profile.${name}`)}
                        autoComplete="off"
                        spellCheck={false}
                        error={error(name)}
                        {...register(name)}
                      />
                    </div>
                  </div>
                );
              })}
            </div>
            <div className="space-y-2">
              <p className="text-xs text-slate-500">{t("profile.colorsHint")}</p>
              <div
                className="flex h-12 items-center rounded-md px-4 text-sm font-medium text-white"
                style={{
                  backgroundImage: `linear-gradient(135deg, ${colourOk(primary) ? primary : defaultColours.primary}, ${colourOk(secondary) ? secondary : defaultColours.secondary})`,
                }}
                data-testid="colour-preview"
              >
                {t("profile.preview")}
              </div>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setValue("primaryColor", defaultColours.primary, { shouldDirty: true });
                  setValue("secondaryColor", defaultColours.secondary, { shouldDirty: true });
                }}
              >
                {t("profile.resetColors")}
              </Button>
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <SelectField
                label={t("profile.timezone")}
                hint={t("profile.timezoneHint")}
                error={error("timezone")}
                {...register("timezone")}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </SelectField>
              <SelectField label={t("profile.defaultLanguage")} error={error("defaultLanguage")} {...register("defaultLanguage")}>
                <option value="es-es">{t("languages.esEs")}</option>
                <option value="en-us">{t("languages.enUs")}</option>
              </SelectField>
            </div>
            <h3 className="text-sm font-semibold text-slate-900">{t("profile.contactTitle")}</h3>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label={t("profile.contactEmail")}
                type="email"
                autoComplete="email"
                error={error("contactEmail")}
                {...register("contactEmail")}
              />
              <TextField
                label={t("profile.contactPhone")}
                type="tel"
                autoComplete="tel"
                hint={t("profile.contactPhoneHint")}
                error={error("contactPhone")}
                {...register("contactPhone")}
              />
              <TextField label={t("profile.address")} autoComplete="street-address" error={error("address")} {...register("address")} />
              <TextField label={t("profile.website")} type="url" autoComplete="url" error={error("website")} {...register("website")} />
            </div>
          </fieldset>
          {canUpdate ? (
            <div className="flex justify-end">
              <SubmitButton disabled={formState.isSubmitting} data-testid="save-profile">
                {t("profile.save")}
              </SubmitButton>
            </div>
          ) : null}
        </form>
      </Card>
      <LogoCard
        profile={profile}
        canUpdate={canUpdate}
        onChange={(next) => {
          setProfile(next);
          router.refresh();
        }}
        locale={locale}
        connectionLost={tErrors("CONNECTION_LOST")}
      />
      <SealCard initial={initialCertificate} canUpdate={canUpdate} locale={locale} connectionLost={tErrors("CONNECTION_LOST")} />
    </div>
  );
}

function LogoCard({
  profile,
  canUpdate,
  onChange,
  locale,
  connectionLost,
}: {
  profile: OrganizationProfile;
  canUpdate: boolean;
  onChange: (profile: OrganizationProfile) => void;
  locale: string;
  connectionLost: string;
}) {
  const t = useTranslations("orgProfile.logo");
  const tErrors = useTranslations("errors");
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    if (file.size > logoLimits.maxBytes) {
      setError(tErrors("ORG_LOGO_TOO_LARGE", { mb: logoLimits.maxBytes / 1024 / 1024 }));
      return;
    }
    const form = new FormData();
    form.append("file", file, file.name);
    setBusy(true);
    const result = await sendForm<OrganizationProfile>("/api/organization/logo", "POST", form, locale, connectionLost);
    setBusy(false);
    if (result.ok) {
      setVersion((v) => v + 1);
      notifySuccess(t("uploaded"));
      onChange(result.data);
    } else setError(result.error.message || tErrors("SERVER_ERROR"));
  };

  const remove = async () => {
    setBusy(true);
    const result = await api<OrganizationProfile>("/api/organization/logo", { method: "DELETE" });
    setBusy(false);
    if (result.ok) {
      setVersion((v) => v + 1);
      notifySuccess(t("removed"));
      onChange(result.data);
    } else notifyApiError(result.error);
  };

  return (
    <Card title={t("title")}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center" data-testid="organization-logo">
        {/* eslint-disable-next-line @next/next/no-img-element -- served by our API, sized by CSS */}
        <img
          src={`${profile.logoUrl}?v=${version}`}
          alt={t("current")}
          className="h-20 w-40 rounded border border-slate-200 bg-white object-contain p-2"
        />
        <div className="space-y-2 text-sm">
          <p className="text-slate-600">{profile.hasLogo ? t("hint") : t("default")}</p>
          {profile.hasLogo ? null : <p className="text-xs text-slate-500">{t("hint")}</p>}
          {error ? <Alert tone="error">{error}</Alert> : null}
          {canUpdate ? (
            <div className="flex flex-wrap gap-2">
              <input
                ref={input}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="hidden"
                onChange={onFile}
                data-testid="logo-input"
              />
              <Button type="button" disabled={busy} onClick={() => input.current?.click()}>
                {t("choose")}
              </Button>
              {profile.hasLogo ? (
                <Button type="button" variant="secondary" disabled={busy} onClick={remove}>
                  {t("remove")}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function SealCard({
  initial,
  canUpdate,
  locale,
  connectionLost,
}: {
  initial: SealCertificateView | null;
  canUpdate: boolean;
  locale: string;
  connectionLost: string;
}) {
  const t = useTranslations("orgProfile.seal");
  const tErrors = useTranslations("errors");
  const api = useApi();
  const [certificate, setCertificate] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric" });

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) {
      setError(tErrors("SEAL_CERT_REQUIRED"));
      return;
    }
    if (file.size > sealCertificateLimits.maxBytes) {
      setError(tErrors("SEAL_CERT_TOO_LARGE", { kb: sealCertificateLimits.maxBytes / 1024 }));
      return;
    }
    const form = new FormData();
    form.append("file", file, file.name);
    form.append("password", password);
    setBusy(true);
    const result = await sendForm<{ certificate: SealCertificateView }>(
      "/api/organization/seal-certificate",
      "PUT",
      form,
      locale,
      connectionLost,
    );
    setBusy(false);
    // The password is asked once: it is never kept in the page after the attempt.
    setPassword("");
    if (result.ok) {
      setCertificate(result.data.certificate);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      notifySuccess(t("uploaded"));
    } else setError(result.error.message || tErrors("SERVER_ERROR"));
  };

  const remove = async () => {
    if (!window.confirm(t("confirmRemove"))) return;
    setBusy(true);
    const result = await api<{ deleted: true }>("/api/organization/seal-certificate", { method: "DELETE" });
    setBusy(false);
    if (result.ok) {
      setCertificate(null);
      notifySuccess(t("removed"));
    } else notifyApiError(result.error);
  };

  return (
    <Card title={t("title")}>
      <div className="space-y-4 text-sm" data-testid="seal-certificate">
        <p className="text-slate-600">{t("hint")}</p>
        {certificate ? (
          <>
            {certificate.expired ? (
              <Alert tone="error">{t("expired")}</Alert>
            ) : certificate.expiringSoon ? (
              <Alert tone="error">
                <span data-testid="seal-expiring-soon">
                  {t("expiringSoon", { days: sealCertificateLimits.expiringSoonDays, date: date(certificate.notAfter) })}
                </span>
              </Alert>
            ) : null}
            <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
              <dt className="font-medium text-slate-700">{t("subject")}</dt>
              <dd className="break-all text-slate-900" data-testid="seal-subject">
                {certificate.subject}
              </dd>
              <dt className="font-medium text-slate-700">{t("issuer")}</dt>
              <dd className="break-all text-slate-900">{certificate.issuer}</dd>
              <dt className="font-medium text-slate-700">{t("serialNumber")}</dt>
              <dd className="font-mono break-all text-slate-900">{certificate.serialNumber}</dd>
              <dt className="font-medium text-slate-700">{t("notAfter")}</dt>
              <dd className="text-slate-900">{date(certificate.notAfter)}</dd>
            </dl>
          </>
        ) : (
          <Alert>{t("none")}</Alert>
        )}
        {canUpdate ? (
          <form onSubmit={upload} className="space-y-3 border-t border-slate-200 pt-4" data-testid="seal-form">
            {error ? <Alert tone="error">{error}</Alert> : null}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <label htmlFor="seal-file" className="block text-sm font-medium text-slate-700">
                  {t("file")}
                </label>
                <input
                  ref={fileInput}
                  id="seal-file"
                  type="file"
                  accept=".p12,.pfx,application/x-pkcs12"
                  className="block w-full text-sm"
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
              </div>
              <TextField
                label={t("password")}
                id="seal-password"
                type="password"
                autoComplete="off"
                hint={t("passwordHint")}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              {certificate ? (
                <Button type="button" variant="secondary" disabled={busy} onClick={remove}>
                  {t("remove")}
                </Button>
              ) : null}
              <SubmitButton disabled={busy}>{certificate ? t("replace") : t("upload")}</SubmitButton>
            </div>
          </form>
        ) : null}
      </div>
    </Card>
  );
}
