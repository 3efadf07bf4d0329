"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";

/**
 * Redeems a mailed link code (/user-validate/{codigo}, /unlock/{codigo}) once the page is open in
 * a browser: mail scanners that prefetch links with GET do not spend it.
 */
export function RedeemLink({ endpoint, successMessage }: { endpoint: string; successMessage: string }) {
  const t = useTranslations("auth.signin");
  const api = useApi();
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void api(endpoint, { body: {} }).then((result) =>
      setState(result.ok ? { ok: true, message: successMessage } : { ok: false, message: result.error.message }),
    );
  }, [api, endpoint, successMessage]);

  if (!state) return <p className="text-sm text-slate-500">…</p>;
  return (
    <div className="space-y-4" data-testid="redeem-result">
      <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert>
      <Link href="/signin" className="text-sm font-medium text-brand-700 hover:underline">
        {t("title")}
      </Link>
    </div>
  );
}
