import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";

// Letters only, so that each run's text is its own.
function uniqueLetters(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

test.describe("notifications (/notifications)", () => {
  test("an administrator edits a template, sees the preview, saves, reloads and finds it kept; then restores the product's text", async ({
    page,
  }) => {
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/signin\/_notifications$/);
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/notifications$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Notificaciones", level: 1 })).toBeVisible();
    await expect(page.getByTestId("planned-screen")).toHaveCount(0);

    await page.getByTestId("notification-event-signerReminded").click();
    await page.getByTestId("template-tab-EMAIL_es-es").click();
    const subject = page.getByTestId("template-subject");
    const body = page.getByTestId("template-body");
    await expect(subject).toHaveValue("Recordatorio: «{documentTitle}» está pendiente de su firma");

    // A placeholder the event does not have: the preview and the form say which, and nothing is saved.
    await body.fill("Hola {recipientName}: {iban}\n\n{link}");
    await expect(page.getByTestId("notification-preview-error")).toContainText("{iban}");
    await page.getByTestId("notification-save").click();
    await expect(page.getByTestId("template-body-error")).toContainText("El marcador {iban} no existe en esta notificación");

    const marker = uniqueLetters();
    await subject.fill(`Recordatorio ${marker}: {documentTitle}`);
    await body.fill(`Hola {recipientName}:\n\nLe recordamos ${marker} que «{documentTitle}» espera su firma.\n\n{link}`);
    // The preview: sample data, the organisation's name, the button with the link.
    await expect(page.getByTestId("notification-preview-subject")).toHaveText(`Asunto: Recordatorio ${marker}: Contrato de arrendamiento`);
    const mail = page.frameLocator('[data-testid="notification-preview-html"]');
    await expect(mail.getByText(`Le recordamos ${marker} que «Contrato de arrendamiento» espera su firma.`)).toBeVisible();
    await expect(mail.getByText("Notaría Demo S.L.")).toBeVisible();
    await expect(mail.getByRole("link", { name: "Revisar y firmar" })).toHaveAttribute("href", /\/sign\/[0-9a-f]{32}\/[0-9a-f]{32}$/);

    await page.getByTestId("notification-save").click();
    await expect(page.getByText("Notificación guardada.")).toBeVisible();

    await page.reload();
    await page.getByTestId("notification-event-signerReminded").click();
    await page.getByTestId("template-tab-EMAIL_es-es").click();
    await expect(page.getByTestId("template-tab-EMAIL_es-es")).toContainText("Personalizada");
    await expect(subject).toHaveValue(`Recordatorio ${marker}: {documentTitle}`);
    await expect(body).toHaveValue(`Hola {recipientName}:\n\nLe recordamos ${marker} que «{documentTitle}» espera su firma.\n\n{link}`);

    // The SMS shows its length while it is written.
    await page.getByTestId("template-tab-SMS_es-es").click();
    await expect(page.getByTestId("notification-sms-length")).toContainText("caracteres");

    // Back to the product's text, so that the next run starts where this one did.
    await page.getByTestId("template-tab-EMAIL_es-es").click();
    await page.getByTestId("template-restore").click();
    await page.getByTestId("template-restore-confirm").click();
    await expect(page.getByText("Se ha restaurado el texto del producto.")).toBeVisible();
    await expect(subject).toHaveValue("Recordatorio: «{documentTitle}» está pendiente de su firma");
  });
});
