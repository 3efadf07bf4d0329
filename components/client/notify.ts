"use client";

import { toast } from "sonner";

// Spec §9: notifications last 2500 ms on success and 4500 ms on error; after a server error the page reloads in 4 s.
export const successDuration = 2500;
export const errorDuration = 4500;
export const serverErrorReloadMs = 4000;

export function notifySuccess(message: string) {
  toast.success(message, { duration: successDuration });
}

export function notifyError(message: string) {
  toast.error(message, { duration: errorDuration });
}

export function notifyServerError(message: string) {
  toast.error(message, { duration: serverErrorReloadMs });
  window.setTimeout(() => window.location.reload(), serverErrorReloadMs);
}

/** Shows an API error the way the spec asks: a server error also reloads the page. */
export function notifyApiError(error: { errorCode: string; message: string }) {
  if (error.errorCode === "SERVER_ERROR") notifyServerError(error.message);
  else notifyError(error.message);
}
