"use client";

import { errorDuration, serverErrorReloadMs, successDuration } from "./durations";
import { toasterReady } from "./toaster-ready";

export { errorDuration, serverErrorReloadMs, successDuration };

type Toast = (typeof import("sonner"))["toast"];

/**
 * The toast library is loaded when the first notification is shown, not with every page (the signer's pages weigh
 * less), and the notification waits until the container (components/layout/toaster.tsx) listens, so none is lost.
 */
function show(render: (toast: Toast) => void) {
  void toasterReady.then(() => import("sonner")).then(({ toast }) => render(toast));
}

export function notifySuccess(message: string) {
  show((toast) => toast.success(message, { duration: successDuration }));
}

export function notifyError(message: string) {
  show((toast) => toast.error(message, { duration: errorDuration }));
}

export function notifyServerError(message: string) {
  show((toast) => toast.error(message, { duration: serverErrorReloadMs }));
  window.setTimeout(() => window.location.reload(), serverErrorReloadMs);
}

/** Shows an API error the way the spec asks: a server error also reloads the page. */
export function notifyApiError(error: { errorCode: string; message: string }) {
  if (error.errorCode === "SERVER_ERROR") notifyServerError(error.message);
  else notifyError(error.message);
}
