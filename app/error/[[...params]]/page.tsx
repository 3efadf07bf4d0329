import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { MessagePage } from "@/components/layout/message-page";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("error") };
}

/** /error/{statusprocess?}/{docstatus}: a process or document in a state that ends the link (spec §4). */
export default async function ErrorPage({ params }: { params: Promise<{ params?: string[] }> }) {
  const { params: segments = [] } = await params;
  if (segments.length > 2) notFound();
  const t = await getTranslations("pages.error");
  const docstatus = segments.at(-1);
  const states = await getTranslations("linkStates");
  const body = docstatus && states.has(docstatus) ? `${states(docstatus)} ${states("askForNewLink")}` : t("body");
  return <MessagePage title={t("title")} body={body} testId="error-page" />;
}
