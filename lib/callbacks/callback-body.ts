import { z } from "zod";
import { processStatuses } from "@/lib/webhooks/events";
import type { CallbackKind } from "./callback-jobs";

// The body of a per-shipment callback (callBackUrl, callBackUrlSoftFail): what lib/callbacks/deliver-callback.ts
// sends and the OpenAPI document describes (the `callbacks` of the operations that set the URLs), from this one schema.

export const callbackEvents = {
  completed: "document.completed",
  rejected: "document.rejected",
  expired: "document.expired",
} as const satisfies Record<CallbackKind, string>;
export const callbackStatuses = { completed: "COMPLETED", rejected: "REJECTED", expired: "EXPIRED" } as const satisfies Record<
  CallbackKind,
  string
>;

/** How long a receiver may take to answer before the attempt counts as failed. */
export const callbackTimeoutMs = 10_000;

const isoDate = z.iso.datetime();

export const callbackBody = z
  .strictObject({
    event: z
      .enum(Object.values(callbackEvents))
      .describe("document.completed (sent to callBackUrl), document.rejected or document.expired (sent to callBackUrlSoftFail)"),
    documentHexId: z.string().describe("The shipment's documentHexId"),
    status: z.enum(Object.values(callbackStatuses)).describe("The shipment's status: COMPLETED, REJECTED or EXPIRED, as the event says"),
    completedAt: isoDate.nullable().describe("When the last signer needed signed; null unless completed"),
    signers: z
      .array(
        z.strictObject({
          signerHexId: z.string().describe("The signer's signerHexId (as in GET /api/documents/{documentHexId}/status)"),
          name: z.string().describe("First and last name"),
          status: z.enum(processStatuses).describe("The signer's status"),
          signedAt: isoDate.nullable(),
          rejectedAt: isoDate.nullable(),
          rejectionReason: z.string().nullable().describe("What the signer wrote when rejecting; null unless they rejected"),
        }),
      )
      .describe("Every signer, in their order"),
    downloadUrl: z
      .string()
      .nullable()
      .describe("Every signed file and the audit certificate (a ZIP; `?file=` picks one); null unless completed. Needs an API key"),
    certificateUrl: z
      .string()
      .nullable()
      .describe("The audit certificate alone: a sealed PDF naming the signed files by their SHA-256; null unless completed"),
  })
  .describe("A shipment's outcome, POSTed to its callBackUrl or callBackUrlSoftFail");
export type CallbackBody = z.infer<typeof callbackBody>;
