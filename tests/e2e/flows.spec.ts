import { expect, test, type Page } from "@playwright/test";
import { demo, signIn } from "./support/accounts";

const row = (page: Page, name: string) => page.locator(`[data-testid="flow-row"][data-flow-name="${name}"]`);

test.describe("step flows", () => {
  test("the organisation administrator creates a three-step flow, activates it, makes it default, and can then deactivate the previous default", async ({
    page,
  }) => {
    await page.goto("/flows");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/flows$/);
    // Each kind has its default (organisations start with a signature and a validation flow); this one is the signature's.
    const previous = page.locator('[data-testid="flow-row"][data-kind="SIGNATURE"][data-default="true"]');
    await expect(previous).toHaveCount(1);
    const previousName = (await previous.getAttribute("data-flow-name")) ?? "";
    await expect(row(page, previousName).getByRole("button", { name: "Desactivar", exact: true })).toBeDisabled();
    // Disabled with the reason written out, not only in a tooltip that a phone never shows.
    const reason = "Es el flujo predeterminado: marque otro como predeterminado primero.";
    await expect(row(page, previousName).getByTestId("flow-locked-reason")).toHaveText(reason);
    await expect(row(page, previousName).getByRole("button", { name: "Desactivar", exact: true })).toHaveAccessibleDescription(reason);
    await expect(row(page, previousName).getByRole("button", { name: "Eliminar", exact: true })).toBeDisabled();
    await expect(row(page, previousName).getByRole("button", { name: "Eliminar", exact: true })).toHaveAccessibleDescription(reason);

    await page.getByTestId("new-flow").click();
    await expect(page).toHaveURL(/\/steps-flow$/);
    const editor = page.getByTestId("step-flow-editor");
    const name = `Flujo E2E ${Date.now().toString(36)}`;
    await editor.locator('input[name="name"]').fill(name);
    for (const step of ["Confirmar datos", "Revisar el documento", "Firma manuscrita"]) {
      await page.getByTestId("add-step-type").selectOption({ label: step });
      await page.getByTestId("add-step").click();
    }
    await expect(editor.getByTestId("flow-step")).toHaveCount(3);
    await expect(editor.getByTestId("flow-step").last()).toHaveAttribute("data-step-type", "SIGNATURE");
    await page.getByTestId("save-flow").click();

    await expect(page).toHaveURL(/\/flows$/);
    const created = row(page, name);
    await expect(created).toHaveAttribute("data-active", "false");
    await expect(created).toContainText("3 pasos");
    await created.getByRole("button", { name: "Activar", exact: true }).click();
    await expect(created).toHaveAttribute("data-active", "true");
    await created.getByRole("button", { name: "Hacer predeterminado", exact: true }).click();
    await expect(created).toHaveAttribute("data-default", "true");
    await expect(created.getByRole("button", { name: "Desactivar", exact: true })).toBeDisabled();

    const before = row(page, previousName);
    await expect(before).toHaveAttribute("data-default", "false");
    await before.getByRole("button", { name: "Desactivar", exact: true }).click();
    await expect(before).toHaveAttribute("data-active", "false");

    // Leave the demo organisation as seeded for the other specs: its flow default again.
    await before.getByRole("button", { name: "Activar", exact: true }).click();
    await expect(before).toHaveAttribute("data-active", "true");
    await before.getByRole("button", { name: "Hacer predeterminado", exact: true }).click();
    await expect(before).toHaveAttribute("data-default", "true");
    await expect(created).toHaveAttribute("data-default", "false");
  });

  test("shows the spec message next to the title when it is missing", async ({ page }) => {
    await page.goto("/steps-flow");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/steps-flow$/);
    await page.getByTestId("save-flow").click();
    await expect(page.getByTestId("step-flow-editor").getByRole("alert").filter({ hasText: "Debe agregar el título" })).toBeVisible();
  });

  test("warns that identifying with photos but no video step offers less assurance, until the video step is added", async ({ page }) => {
    await page.goto("/steps-flow");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/steps-flow$/);
    const note = page.getByTestId("flow-assurance-note");
    const addStep = async (label: string) => {
      await page.getByTestId("add-step-type").selectOption({ label });
      await page.getByTestId("add-step").click();
    };
    await addStep("Confirmar datos");
    await expect(note).toHaveCount(0);
    await addStep("Selfie");
    await expect(note).toContainText("no tiene paso de vídeo, y ofrece menos garantías");
    await addStep("Vídeo leyendo dígitos");
    await expect(note).toHaveCount(0);
  });
});
