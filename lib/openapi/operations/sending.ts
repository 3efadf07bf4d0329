import { z } from "zod";
import { answer } from "../registry";
import { dispatchList } from "@/lib/documents/dispatch-schema";
import { documentStatusView } from "@/lib/documents/document-status-schema";
import { documentPath, operationGroup } from "./common";

const statusBody = { schema: documentStatusView, component: "DocumentStatus" };
const noLinks = "The answer never holds a signer's link or its secret.";

export const sendingOperations = operationGroup(
  "Sending",
  "tokenOrApiKey",
)({
  sendDocument: {
    method: "post",
    path: "/api/documents/{documentHexId}/send",
    idempotent: true,
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Send a ready draft: the first order's signers are invited on their favourite channel",
    description: `Invitations go out in the background (retried with backoff); follow them in the status. ${noLinks}`,
    pathParams: documentPath,
    responses: answer("The shipment after sending", statusBody),
    errors: [409],
  },
  cancelDocument: {
    method: "post",
    path: "/api/documents/{documentHexId}/cancel",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Cancel a shipment in progress: its open links become CANCELLED",
    pathParams: documentPath,
    responses: answer("The cancelled shipment", statusBody),
    errors: [409],
  },
  resendInvitation: {
    method: "post",
    path: "/api/documents/{documentHexId}/signers/{signerHexId}/resend",
    idempotent: true,
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Resend a signer's invitation with a fresh link; the previous link stops working",
    description: "The signer needs a communication channel.",
    pathParams: documentPath.extend({ signerHexId: z.string().describe("The signer's hexId (processHexId)") }),
    responses: answer("The shipment with the new delivery queued", statusBody),
    errors: [409],
  },
  retryDelivery: {
    method: "post",
    path: "/api/documents/{documentHexId}/deliveries/{deliveryHexId}/retry",
    idempotent: true,
    requires: { kind: "privilege", module: "DOCUMENTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Retry a delivery that failed: a new delivery is queued",
    description: "Only the signer's latest delivery, when it failed, can be retried.",
    pathParams: documentPath.extend({
      deliveryHexId: z.string().describe("The delivery's deliveryHexId, from the status (deliveries[]) or the dispatch list"),
    }),
    responses: answer("The shipment with the new delivery queued", statusBody),
    errors: [409],
  },
  getDocumentStatus: {
    method: "get",
    path: "/api/documents/{documentHexId}/status",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "VIEW" },
    tenancy: "organization",
    summary: "The shipment's status, its orders, signers, deliveries and timeline",
    description: noLinks,
    pathParams: documentPath,
    responses: answer("The shipment", statusBody),
  },
  listDispatches: {
    method: "get",
    path: "/api/documents/{documentHexId}/dispatches",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "VIEW" },
    tenancy: "organization",
    summary: "The signer dispatch list: every invitation and reminder, newest first, with its status, attempts and failure",
    description: `Destinations are masked (a***@example.com, +34 6** *** *12); failures come as a code and in the caller's language; times also in the organisation's time zone. ${noLinks}`,
    pathParams: documentPath,
    responses: answer("The dispatches", { schema: dispatchList, component: "DispatchList" }),
  },
});
