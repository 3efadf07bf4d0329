import { getTranslations } from "next-intl/server";
import { MessagePage } from "@/components/layout/message-page";

export default async function NotFound() {
  const t = await getTranslations("pages.notFound");
  return <MessagePage title={t("title")} body={t("body")} linkHref="/dashboard" linkLabel={t("back")} testId="not-found" />;
}
