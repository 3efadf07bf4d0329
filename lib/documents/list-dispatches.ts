import type { AuthContext } from "@/lib/auth/context";
import { getConfigValue } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";
import { safeTimeZone } from "@/lib/i18n/format";
import { formatInTimeZone } from "@/lib/i18n/time-zone";
import { translator } from "@/lib/i18n/messages";
import { deliveryFailureReason } from "./delivery-failure";
import { wholeList } from "@/lib/http/list-page";
import type { DispatchList } from "./dispatch-schema";
import { maskAddressesIn, maskDestination } from "./mask-destination";
import { isRetryable } from "./retry-rule";
import { channelInclude, deliveryColumns } from "./signer-channel";

export type { DispatchList, DispatchView } from "./dispatch-schema";

/**
 * GET /api/documents/{hexId}/dispatches: every invitation and reminder of the shipment, newest
 * first. Built from an explicit select that holds no link, secret or hash, and the destination
 * is masked: staff need to tell where a message went, not to read the address.
 */
export async function listDispatches(context: AuthContext, documentHexId: string, locale: Locale): Promise<DispatchList> {
  const document = await db.document.findFirst({
    where: { hexId: documentHexId, organizationId: context.organizationId },
    select: {
      hexId: true,
      status: true,
      signers: {
        select: {
          hexId: true,
          firstName: true,
          lastName: true,
          email: true,
          cellPhone: true,
          position: true,
          status: true,
          invitedAt: true,
          contact: channelInclude.contact,
          deliveries: {
            select: deliveryColumns,
          },
        },
      },
    },
  });
  if (!document) throw new AppError("NOT_FOUND");
  const timeZone = safeTimeZone(await getConfigValue(context.organizationId, "organization_tz"));
  const t = translator(locale, "deliveryFailure");
  // Newest first; internal ids grow with time and break ties between deliveries queued in the same millisecond.
  const sent = document.signers
    .flatMap((signer) => signer.deliveries.map((delivery) => ({ signer, delivery })))
    .sort((a, b) => b.delivery.createdAt.getTime() - a.delivery.createdAt.getTime() || b.delivery.id - a.delivery.id);
  const dispatches = sent.map(({ signer, delivery }) => {
    const reason = deliveryFailureReason(delivery.error);
    return {
      deliveryHexId: delivery.hexId,
      signerHexId: signer.hexId,
      signerName: `${signer.firstName} ${signer.lastName}`,
      position: signer.position,
      channel: delivery.channel,
      kind: delivery.kind === "REMINDER" ? ("REMINDER" as const) : ("INVITATION" as const),
      status: delivery.status,
      attempts: delivery.attempts,
      destination: maskDestination(delivery.channel, delivery.channel === "EMAIL" ? signer.email : signer.cellPhone),
      errorReason: reason,
      error: reason ? t(reason) : null,
      errorDetail: delivery.error ? maskAddressesIn(delivery.error) : null,
      createdAt: delivery.createdAt.toISOString(),
      sentAt: delivery.sentAt?.toISOString() ?? null,
      createdAtLocal: formatInTimeZone(delivery.createdAt, timeZone),
      sentAtLocal: delivery.sentAt ? formatInTimeZone(delivery.sentAt, timeZone) : null,
      retryable: isRetryable(document.status, signer, delivery.id),
    };
  });
  return { documentHexId: document.hexId, timeZone, ...wholeList("dispatches", dispatches) };
}
