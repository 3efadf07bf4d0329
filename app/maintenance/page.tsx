import { getTranslations } from "next-intl/server";
import { MessagePage } from "@/components/layout/message-page";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("maintenance") };
}

export default async function Page() {
  const t = await getTranslations("pages.maintenance");
  return <MessagePage title={t("title")} body={t("body")} linkHref="/dashboard" linkLabel={t("back")} testId="maintenance" />;
}
