"use client";

import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { serverErrorReloadMs } from "@/components/client/durations";

/** Spec §8: the server-error message, and the page reloads after 4 s. */
export default function SegmentError() {
  const t = useTranslations("errors");
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.reload(), serverErrorReloadMs);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div role="alert" className="m-6 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {t("SERVER_ERROR")}
    </div>
  );
}
