"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useApi } from "@/components/client/use-api";
import { notifyApiError } from "@/components/client/notify";

/**
 * Asks the server for the staff member's own signer link and follows it into the signer pages. A
 * POST, not a page load: a prefetch or a reload must not issue links.
 */
export function MySignButton({ documentHexId }: { documentHexId: string }) {
  const t = useTranslations("inbox.mySign");
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    const result = await api<{ redirect: string }>(`/api/documents/${documentHexId}/my-signature`, { body: {} });
    if (!result.ok) {
      setBusy(false);
      return notifyApiError(result.error);
    }
    window.location.assign(result.data.redirect);
  };
  return (
    <Button type="button" onClick={() => void start()} disabled={busy} data-testid="my-sign-start">
      {t("start")}
    </Button>
  );
}
