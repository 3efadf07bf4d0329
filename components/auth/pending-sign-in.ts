"use client";

import { useMemo, useSyncExternalStore } from "react";
import { signIn } from "next-auth/react";

/** Spec §8: the token from an MFA error is still stored, with what the next step needs. */
export type PendingSignIn = { token: string; hexId: string; mfaMethodRequired: "TOTP" | "EMAIL" | "SMS"; pathTo: string | null };

const key = "rubrica.pendingSignIn";

export function savePendingSignIn(pending: PendingSignIn) {
  sessionStorage.setItem(key, JSON.stringify(pending));
}

export function readPendingSignIn(): PendingSignIn | null {
  const raw = sessionStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PendingSignIn;
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/** The pending sign-in once the page runs in the browser; undefined while rendering on the server. */
export function usePendingSignIn(): PendingSignIn | null | undefined {
  const raw = useSyncExternalStore(
    noSubscription,
    () => sessionStorage.getItem(key) ?? "",
    () => undefined,
  );
  return useMemo(() => {
    if (raw === undefined) return undefined;
    if (!raw) return null;
    try {
      return JSON.parse(raw) as PendingSignIn;
    } catch {
      return null;
    }
  }, [raw]);
}

export function clearPendingSignIn() {
  sessionStorage.removeItem(key);
}

/** Turns a full API token into the portal session and goes where the user was heading. */
export async function finishSignIn(
  token: string,
  options: { pathTo: string | null; landingPage?: string; changePassword?: boolean },
): Promise<boolean> {
  const result = await signIn("token", { token, redirect: false });
  if (!result?.ok) return false;
  clearPendingSignIn();
  const target = options.changePassword ? "/ChangePass" : (options.pathTo ?? options.landingPage ?? "/dashboard");
  window.location.assign(target);
  return true;
}
