import { z } from "zod";
import { documentStatusView } from "@/lib/documents/document-status-schema";
import type { ApiOperation } from "../registry";

const documentPath = z.object({ documentHexId: z.string().describe("The document's hexId") });
const statusBody = { schema: documentStatusView, component: "DocumentStatus" };
const noLinks = "The answer never holds a signer's link or its secret.";

export const sendingOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/documents/{documentHexId}/send",
    operationId: "sendDocument",
    tag: "Sending",
    summary: "Send a ready draft: the first order's signers are invited on their favourite channel",
    description: `Needs DOCUMENTO:CREATE. Invitations go out in the background (retried with backoff); follow them in the status. ${noLinks}`,
    auth: "tokenOrApiKey",
    pathParams: documentPath,
    responses: { 200: { description: "The shipment after sending", body: statusBody } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/documents/{documentHexId}/cancel",
    operationId: "cancelDocument",
    tag: "Sending",
    summary: "Cancel a shipment in progress: its open links become CANCELLED",
    description: "Needs DOCUMENTO:CREATE.",
    auth: "tokenOrApiKey",
    pathParams: documentPath,
    responses: { 200: { description: "The cancelled shipment", body: statusBody } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/documents/{documentHexId}/signers/{signerHexId}/resend",
    operationId: "resendInvitation",
    tag: "Sending",
    summary: "Resend a signer's invitation with a fresh link; the previous link stops working",
    description: "Needs DOCUMENTO:CREATE. The signer needs a communication channel.",
    auth: "tokenOrApiKey",
    pathParams: documentPath.extend({ signerHexId: z.string().describe("The signer's hexId (processHexId)") }),
    responses: { 200: { description: "The shipment with the new delivery queued", body: statusBody } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/documents/{documentHexId}/deliveries/{deliveryId}/retry",
    operationId: "retryDelivery",
    tag: "Sending",
    summary: "Retry a delivery that failed: a new delivery is queued",
    description: "Needs DOCUMENTO:CREATE. Only the signer's latest delivery, when it failed, can be retried.",
    auth: "tokenOrApiKey",
    pathParams: documentPath.extend({ deliveryId: z.string().describe("The delivery's id, from the status") }),
    responses: { 200: { description: "The shipment with the new delivery queued", body: statusBody } },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/documents/{documentHexId}/status",
    operationId: "getDocumentStatus",
    tag: "Sending",
    summary: "The shipment's status, its orders, signers, deliveries and timeline",
    description: `Needs DOCUMENTO:VIEW. ${noLinks}`,
    auth: "tokenOrApiKey",
    pathParams: documentPath,
    responses: { 200: { description: "The shipment", body: statusBody } },
    errors: [404],
  },
];
