import { expect, test, type Page } from "@playwright/test";

/** Spec §2 public routes, with sample params filling every optional segment the spec names. */
const signatureProcess = {
  link: [
    "review-process",
    "accept-terms",
    "data-confirm",
    "summary-signers",
    "document-rejection",
    "see-document",
    "full-process",
    "home-page",
    "digital-signature",
  ],
  attempt: ["videosignature", "reloadpage", "id-photo", "selfie-photo"],
};
const validationProcess = {
  link: ["data-capture-validation", "document-rejection", "home-page", "full-process", "review-process"],
  attempt: ["reloadpage", "id-photo", "fingerprint", "selfie-photo", "video"],
};

const publicRoutes = [
  ...signatureProcess.link.flatMap((page) => [`/signature-process/${page}`, `/signature-process/${page}/abc/def`]),
  ...signatureProcess.attempt.map((page) => `/signature-process/${page}/abc/def/1`),
  "/signature-process/finishedAttempts/abc/def/0",
  ...validationProcess.link.flatMap((page) => [`/validation-process/${page}`, `/validation-process/${page}/abc/def`]),
  ...validationProcess.attempt.map((page) => `/validation-process/${page}/abc/def/1`),
  "/validation-process/data-confirm/abc/def/OK",
  "/validation-process/finishedAttempts/abc/def/0",
  "/maxNumberUses",
  "/wait/a/b",
  "/files-download/x",
  "/detect-rtc",
  "/loginvalidation/x",
  "/signin",
  "/signup",
  "/ForgotPassword",
  "/ResetPassword",
  "/CodeVeri",
  "/securityCheck",
  "/activateMethodsMfa",
  "/maintenance",
  "/building-page",
  "/error/x/y",
  "/user-validate/abc",
  "/unlock/abc",
  "/SetPass/abc",
];

/**
 * Every portal route without a session, and where the guard sends it: /signin/ then the path with
 * "/" as "_" (an "_" already in the path travels as "~").
 */
const portalRoutes: [path: string, signin: string][] = [
  ["/dashboard", "/signin/_dashboard"],
  ["/profile", "/signin/_profile"],
  ["/manual", "/signin/_manual"],
  ["/logoff", "/signin/_logoff"],
  ["/signatures", "/signin/_signatures"],
  ["/inbox", "/signin/_inbox"],
  ["/steps-flow", "/signin/_steps-flow"],
  ["/steps-flow/7/2", "/signin/_steps-flow_7_2"],
  ["/flows", "/signin/_flows"],
  ["/roles", "/signin/_roles"],
  ["/rolePrivileges/3", "/signin/_rolePrivileges_3"],
  ["/notifications", "/signin/_notifications"],
  ["/managers", "/signin/_managers"],
  ["/info-organization", "/signin/_info-organization"],
  ["/organization", "/signin/_organization"],
  ["/docdetail/abc", "/signin/_docdetail_abc"],
  ["/docdetail/abc/1", "/signin/_docdetail_abc_1"],
  ["/api-management/abc", "/signin/_api-management_abc"],
  ["/prepare-document", "/signin/_prepare-document"],
  ["/prepare-document/abc", "/signin/_prepare-document_abc"],
  ["/contacts", "/signin/_contacts"],
  ["/trading-history", "/signin/_trading-history"],
  ["/setting", "/signin/_setting"],
  ["/users", "/signin/_users"],
  ["/groups", "/signin/_groups"],
  ["/report/Documentos/1/REPORT_ENVIO", "/signin/_report_Documentos_1_REPORT~ENVIO"],
  ["/report/Firmas/2/REPORT_SIGNATURE", "/signin/_report_Firmas_2_REPORT~SIGNATURE"],
  ["/fileType", "/signin/_fileType"],
  ["/batchImport", "/signin/_batchImport"],
  ["/validations", "/signin/_validations"],
  ["/affiliation", "/signin/_affiliation"],
  ["/seeValidation", "/signin/_seeValidation"],
  ["/seeValidation/abc/OK", "/signin/_seeValidation_abc_OK"],
  ["/seeAfiliation/abc", "/signin/_seeAfiliation_abc"],
  ["/apisadhoc", "/signin/_apisadhoc"],
];

/** Unknown paths, including spec routes given more segments than the spec names or missing a required one. */
// "/validateDocs/x": the page exists (tests/e2e/validate-docs.spec.ts) but a shipment id that does not is not found.
const unknownRoutes = [
  "/no-such-page",
  "/signature-process/home-page/a/b/c",
  "/validation-process/video/a/b/1/2",
  "/maxNumberUses/x",
  "/validateDocs",
  "/validateDocs/x",
  "/sign/a/b/c",
];

/** Rendered text, not the inline scripts that every Next page carries. */
async function expectSomeText(page: Page) {
  await expect(page.locator("body")).toHaveText(/\S/, { useInnerText: true });
}

test.describe("public routes answer", () => {
  for (const path of publicRoutes) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);

      expect(response?.status(), path).not.toBe(404);
      await expectSomeText(page);
    });
  }

  test("/sign with a link that does not exist leads to the link-unavailable page", async ({ page }) => {
    await page.goto("/sign/a/b");

    await expect(page).toHaveURL((url) => url.pathname === "/error/UNKNOWN/UNKNOWN");
  });
});

test.describe("/maxNumberUses in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("says the link reached its maximum number of uses and to contact the organisation's staff", async ({ page }) => {
    await page.goto("/maxNumberUses");

    await expect(page.getByTestId("max-uses-message")).toHaveText("Número máximo de usos alcanzado");
    await expect(page.getByText(/personal de la organización/)).toBeVisible();
  });
});

test.describe("portal routes without a session go to sign in", () => {
  for (const [path, signin] of portalRoutes) {
    test(path, async ({ page }) => {
      await page.goto(path);

      await expect(page).toHaveURL((url) => url.pathname === signin);
    });
  }
});

test.describe("unknown paths get the not-found page", () => {
  for (const path of unknownRoutes) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);

      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId("not-found")).toBeVisible();
    });
  }
});
