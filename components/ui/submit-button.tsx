"use client";

import { useHydrated } from "@/components/client/use-hydrated";
import { SignButton } from "@/components/signing/sign-button";
import { Button, type ButtonProps } from "./button";

/*
 * A form's send button. The server's HTML shows a form before React runs it; pressed then, the browser would send the
 * form itself — a GET of its fields to the page's address: the typed values lost on the reload, and a password, a PIN
 * or a signer's ID number written into the address, the history and the server's access log. So the button stays
 * disabled until the page is hydrated (useHydrated), then follows `disabled`. Lint refuses `type="submit"` on a plain
 * Button or SignButton (eslint.config.mjs), so no form goes without it.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type">) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" disabled={!hydrated || disabled} />;
}

/** The signer's and the validation subject's send button (SignButton's look), held the same way. */
export function SignSubmitButton({ disabled, ...props }: Omit<Parameters<typeof SignButton>[0], "type">) {
  const hydrated = useHydrated();
  return <SignButton {...props} type="submit" disabled={!hydrated || disabled} />;
}
