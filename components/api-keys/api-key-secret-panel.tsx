"use client";

import { useTranslations } from "next-intl";
import { SecretPanel } from "@/components/ui/secret-panel";

/** The full API key, shown once after creating or rotating it. */
export function ApiKeySecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useTranslations("apiKeys");
  return (
    <SecretPanel
      namespace="apiKeys"
      title={t("secretTitle")}
      hint={t("usage")}
      secret={secret}
      testIds={{ panel: "api-key-secret-panel", secret: "api-key-secret", copy: "api-key-copy", done: "api-key-secret-done" }}
      onDone={onDone}
    />
  );
}
