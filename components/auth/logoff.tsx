"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { signOut } from "next-auth/react";
import { callApi } from "@/components/client/api-client";

/** Spec §4: logout clears storage, token, user, ip and expiry, on the server and in the browser. */
export function Logoff() {
  const t = useTranslations("auth.logoff");
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await callApi("/api/logout", { body: {} });
      sessionStorage.clear();
      localStorage.clear();
      await signOut({ callbackUrl: "/signin?reason=LOGGED_OUT" });
    })();
  }, []);
  return (
    <p className="text-sm text-slate-600" data-testid="logoff-progress">
      {t("progress")}
    </p>
  );
}
