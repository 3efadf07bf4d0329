import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("contacts");

/** /contacts */
export default async function ContactsPage() {
  await requirePage("/contacts");
  return <PlannedScreen titleKey="contacts" capability="documents" />;
}
