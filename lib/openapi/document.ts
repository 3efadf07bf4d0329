import { accountOperations, publicAccountOperations } from "./operations/account";
import { apiKeyOperations } from "./operations/api-keys";
import { auditTrailOperations } from "./operations/audit-trail";
import { publicFileOperations } from "./operations/public-files";
import { shipmentReviewOperations } from "./operations/shipment-review";
import { authOperations } from "./operations/auth";
import { batchImportOperations } from "./operations/batch-import";
import { configOperations } from "./operations/config";
import { contactOperations } from "./operations/contacts";
import { documentTypeOperations } from "./operations/document-types";
import { flowOperations } from "./operations/flows";
import { logOperations } from "./operations/logs";
import { notificationOperations } from "./operations/notifications";
import { organizationAdminOperations, organizationOperations } from "./operations/organizations";
import { organizationProfileOperations } from "./operations/organization-profile";
import { settingsOperations } from "./operations/settings";
import { groupOperations, roleOperations } from "./operations/roles";
import { reportOperations } from "./operations/reports";
import { sendingOperations } from "./operations/sending";
import { securityOperations } from "./operations/security";
import { shipmentOperations } from "./operations/shipments";
import { signerOperations } from "./operations/signprocess";
import { userOperations } from "./operations/users";
import { validationFlowOperations } from "./operations/validation-process";
import { validationReviewOperations } from "./operations/validation-review";
import { ownValidationCertificateOperations, validationCertificateOperations } from "./operations/validation-certificate";
import { validationLinkOperations, validationProcessOperations } from "./operations/validations";
import { healthOperations } from "./operations/health";
import { webhookDescriptions, webhookOperations } from "./operations/webhooks";
import { buildOpenApiDocument, type ApiOperation } from "./registry";

/**
 * Every endpoint's descriptor. A domain describes its operations in operations/<domain>.ts, its
 * route files wire them with endpoint() (lib/http/endpoint.ts), and the group joins here with one line.
 */
const groups: Record<string, ApiOperation>[] = [
  authOperations,
  accountOperations,
  publicAccountOperations,
  configOperations,
  logOperations,
  auditTrailOperations,
  apiKeyOperations,
  organizationOperations,
  organizationAdminOperations,
  organizationProfileOperations,
  settingsOperations,
  notificationOperations,
  contactOperations,
  roleOperations,
  groupOperations,
  userOperations,
  documentTypeOperations,
  flowOperations,
  shipmentOperations,
  shipmentReviewOperations,
  batchImportOperations,
  sendingOperations,
  signerOperations,
  securityOperations,
  reportOperations,
  validationLinkOperations,
  validationProcessOperations,
  validationReviewOperations,
  validationFlowOperations,
  validationCertificateOperations,
  ownValidationCertificateOperations,
  healthOperations,
  publicFileOperations,
  webhookOperations,
];

export const apiOperations: readonly ApiOperation[] = groups.flatMap((group) => Object.values(group));

export function openApiDocument() {
  const document = buildOpenApiDocument(apiOperations, {
    title: "Rúbrica API",
    version: "1.0.0",
    description:
      "Electronic signature and identity validation. Authenticate with a staff token (POST /api/authenticate) or, for integrations, an API key created in /api-management: `Authorization: Bearer rbk_…` or `X-API-Key: rbk_…`. Errors answer `{ errorCode, message }` in the caller's language.",
  });
  return { ...document, webhooks: webhookDescriptions() };
}
