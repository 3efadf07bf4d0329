import { getTranslations } from "next-intl/server";
import { Alert, Card } from "@/components/ui/card";
import { type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";
import { SignerFrame } from "@/components/signing/signer-frame";
import { PinEntry } from "@/components/validations/pin-entry";
import { LocaleSwitcher } from "@/components/layout/locale-switcher";
import { getConfigValue } from "@/lib/config/values";
import { signColours } from "@/lib/organizations/colours";
import { linkRefusal, publicValidationLink } from "@/lib/validations/login-validation";

export const generateMetadata = () => screenMetadata("loginValidation");

/**
 * /loginvalidation/{validationHexId?}: public, no session. The organisation's branding as on the signer's pages,
 * the link's description, and the PIN; a link that cannot start a process says why at once.
 */
export default async function LoginValidationPage({ params }: CatchAllProps) {
  const { validationHexId } = namedSegments((await params).params, ["validationHexId"]);
  const t = await getTranslations("validationLogin");
  const link = validationHexId ? await publicValidationLink(validationHexId) : null;
  if (!link) {
    return (
      <div className="min-h-screen bg-slate-50">
        <div className="mx-auto flex max-w-md justify-end px-4 py-3">
          <LocaleSwitcher />
        </div>
        <main className="mx-auto max-w-md px-4 py-6">
          <h1 className="mb-4 text-xl font-semibold text-slate-900">{t("unavailableTitle")}</h1>
          <div data-testid="validation-link-refused">
            <Alert tone="error">{t("unavailable")}</Alert>
          </div>
        </main>
      </div>
    );
  }
  const [errors, screens] = await Promise.all([getTranslations("errors"), getTranslations("screens")]);
  const refusal = linkRefusal(link);
  const colours = signColours(await getConfigValue(link.organization.id, "ui_sign_color"));
  const brand = { organizationName: link.organization.name, organizationHexId: link.organization.hexId, ...colours };
  return (
    <SignerFrame brand={brand} title={t("title")}>
      <div className="mx-auto max-w-md">
        <Card>
          <p className="mb-1 font-medium text-slate-900" data-testid="validation-link-description">
            {link.description}
          </p>
          {refusal ? (
            <>
              <div data-testid="validation-link-refused" className="mt-4">
                <Alert tone="error">{errors(refusal)}</Alert>
              </div>
              {refusal === "MAX_USES_REACHED" ? (
                // Spec §8: the maximum number of uses reached, and whom to ask.
                <p className="mt-2 text-sm text-slate-700" data-testid="validation-link-advice">
                  {screens("maxNumberUsesAdvice")}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p className="mb-5 text-sm text-slate-600">{t("intro")}</p>
              <PinEntry validationHexId={link.hexId} />
            </>
          )}
        </Card>
      </div>
    </SignerFrame>
  );
}
