import { defaultColours } from "./profile-schemas";

const colour = /^#[0-9a-fA-F]{3,8}$/;

/** ui_sign_color: "primary;secondary" (spec §3); anything that is not a colour falls back to the green gradient. */
export function signColours(value: string | undefined): { primary: string; secondary: string } {
  const [primary, secondary] = (value ?? "").split(";").map((v) => v.trim());
  return {
    primary: primary && colour.test(primary) ? primary : defaultColours.primary,
    secondary: secondary && colour.test(secondary) ? secondary : defaultColours.secondary,
  };
}

/**
 * The portal's brand variables (app/globals.css @theme) set to the organisation's colours: the menu's gradient,
 * buttons and links follow them. Only values that passed signColours' check reach the style.
 */
export function brandVariables(colours: { primary: string; secondary: string }): Record<string, string> {
  return {
    "--color-brand-500": colours.secondary,
    "--color-brand-600": `color-mix(in srgb, ${colours.primary} 80%, ${colours.secondary})`,
    "--color-brand-700": colours.primary,
    "--color-brand-800": `color-mix(in srgb, ${colours.primary} 80%, black)`,
  };
}
