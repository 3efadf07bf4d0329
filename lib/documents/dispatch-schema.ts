import { z } from "zod";
import { listSchema } from "@/lib/http/list-page";
import { deliveryFailureReasons } from "./delivery-failure";

// Pure: the signer dispatch list as the API answers it, shared by the OpenAPI document and /docdetail.

const isoDate = z.string().describe("ISO 8601");
const localDate = z.string().describe("YYYY-MM-DD HH:mm:ss in the organisation's time zone (organization_tz)");

export const dispatchView = z.object({
  deliveryHexId: z.string().describe("The delivery's id; pass it to POST …/deliveries/{deliveryHexId}/retry"),
  signerHexId: z.string(),
  signerName: z.string(),
  position: z.number().int().describe("The signer's order"),
  channel: z.enum(["EMAIL", "SMS"]),
  kind: z.enum(["INVITATION", "REMINDER"]),
  status: z.enum(["QUEUED", "SENT", "FAILED", "CANCELLED"]),
  attempts: z.number().int(),
  destination: z.string().nullable().describe("The address or number it went to, masked: a***@example.com, +34 6** *** *12"),
  errorReason: z.enum(deliveryFailureReasons).nullable().describe("Why the last attempt failed, as a code"),
  error: z.string().nullable().describe("Why the last attempt failed, in the caller's language"),
  errorDetail: z.string().nullable().describe("The transport's own message, with addresses masked"),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  createdAtLocal: localDate,
  sentAtLocal: localDate.nullable(),
  retryable: z
    .boolean()
    .describe(
      "Whether POST …/deliveries/{deliveryHexId}/retry accepts it: the signer's latest delivery, failed for good, of a live shipment and an open signer with a channel; a retry queues a new one",
    ),
});

/** Every dispatch of the shipment, newest first, as the one page of `_embedded.dispatches`. */
export const dispatchList = listSchema("dispatches", dispatchView).extend({
  documentHexId: z.string(),
  timeZone: z.string().describe("The organisation's time zone, in which the *Local times are given"),
});

export type DispatchView = z.infer<typeof dispatchView>;
export type DispatchList = z.infer<typeof dispatchList>;
