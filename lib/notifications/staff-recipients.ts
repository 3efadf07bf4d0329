import { db } from "@/lib/db/client";
import { defaultRoles } from "@/lib/permissions/default-roles";
import type { EventSettings } from "./organization-settings";

export type StaffRecipient = {
  /** How the transaction log names them: "sender" or "admin <hexId>". */
  key: string;
  email: string;
  firstName: string;
  preferredLanguage: string;
};

type Sender = { hexId: string; email: string; firstName: string; preferredLanguage: string };

/**
 * Who of the staff gets an event's mail: the shipment's sender and the organisation's
 * administrators (enabled people holding its Administrador role), as the organisation chose; each
 * address once, the sender first.
 */
export async function staffRecipients(organizationId: number, sender: Sender | null, settings: EventSettings): Promise<StaffRecipient[]> {
  const recipients: StaffRecipient[] = [];
  if (sender && settings.isOn("SENDER", "EMAIL")) recipients.push({ key: "sender", ...sender });
  if (settings.isOn("ADMINS", "EMAIL")) {
    const admins = await db.user.findMany({
      where: { organizationId, enabled: true, hasApi: false, role: { name: defaultRoles().admin.name } },
      select: { hexId: true, email: true, firstName: true, preferredLanguage: true },
      orderBy: { id: "asc" },
      take: 50,
    });
    for (const admin of admins)
      if (!recipients.some((r) => r.email === admin.email)) recipients.push({ key: `admin ${admin.hexId}`, ...admin });
  }
  return recipients;
}
