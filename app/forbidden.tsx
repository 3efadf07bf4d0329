import { getTranslations } from "next-intl/server";
import { MessagePage } from "@/components/layout/message-page";

export default async function Forbidden() {
  const t = await getTranslations("pages.forbidden");
  return <MessagePage title={t("title")} body={t("body")} linkHref="/dashboard" linkLabel={t("back")} testId="forbidden" />;
}
