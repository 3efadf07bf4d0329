import { getTranslations } from "next-intl/server";
import { MessagePage } from "@/components/layout/message-page";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("buildingPage") };
}

export default async function Page() {
  const t = await getTranslations("pages.buildingPage");
  return <MessagePage title={t("title")} body={t("body")} linkHref="/dashboard" linkLabel={t("back")} testId="building-page" />;
}
