import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { MessagePage } from "@/components/layout/message-page";
import { endedLinkTitleKey } from "@/lib/signing/link-state";

type Props = { params: Promise<{ params?: string[] }> };

export async function generateMetadata({ params }: Props) {
  const { params: segments = [] } = await params;
  const key = endedLinkTitleKey(segments.at(-1));
  return { title: key === "pages.error.title" ? (await getTranslations("screens"))("error") : (await getTranslations())(key) };
}

/** /error/{statusprocess?}/{docstatus}: a process or document in a state that ends the link (spec §4), titled by that state. */
export default async function ErrorPage({ params }: Props) {
  const { params: segments = [] } = await params;
  if (segments.length > 2) notFound();
  const t = await getTranslations("pages.error");
  const docstatus = segments.at(-1);
  const states = await getTranslations("linkStates");
  const body = docstatus && states.has(docstatus) ? `${states(docstatus)} ${states("askForNewLink")}` : t("body");
  return <MessagePage title={(await getTranslations())(endedLinkTitleKey(docstatus))} body={body} testId="error-page" />;
}
