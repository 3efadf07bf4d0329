import { getTranslations } from "next-intl/server";
import { Logoff } from "@/components/auth/logoff";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("logoff") };
}

export default async function LogoffPage() {
  await requirePage("/logoff");
  return <Logoff />;
}
