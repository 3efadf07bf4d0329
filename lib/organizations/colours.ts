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
