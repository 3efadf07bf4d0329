import { getTranslations } from "next-intl/server";
import { screenMetadata } from "@/components/layout/route-params";
import { NotificationsScreen } from "@/components/notifications/notifications-screen";
import { PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/page-guard";
import { getNotificationSettings } from "@/lib/notifications/organization-settings";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("notifications");

/** /notifications: which events notify whom, on which channel, with which text (NOTIFICACION:VIEW; changes NOTIFICACION:UPDATE). */
export default async function NotificationsPage() {
  const context = await requirePage("/notifications");
  const t = await getTranslations("notificationSettings");
  // The server decides what the role may do; the screen only hides what would be refused anyway.
  const canUpdate = satisfies(context.authorities, { kind: "privilege", module: "NOTIFICACION", action: "UPDATE" });
  const settings = await getNotificationSettings(context);
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <NotificationsScreen initial={settings} canUpdate={canUpdate} />
    </div>
  );
}
