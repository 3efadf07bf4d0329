"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the page, true after. A form's submit button waits for it:
 * pressed before, the browser would send the form itself (a plain GET of its fields to the page's address) and the
 * typed values would be lost on the reload.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
