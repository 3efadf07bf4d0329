import { apiKeyOperations } from "./operations/api-keys";
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
import { userOperations } from "./operations/users";
import { validationFlowOperations } from "./operations/validation-process";
import { validationReviewOperations } from "./operations/validation-review";
import { validationLinkOperations, validationProcessOperations } from "./operations/validations";
import { buildOpenApiDocument, type ApiOperation } from "./registry";

/**
 * Every operation the document describes. A domain lists its operations in operations/<domain>.ts
 * and joins here with one line.
 */
export const apiOperations: readonly ApiOperation[] = [
  ...authOperations,
  ...configOperations,
  ...logOperations,
  ...apiKeyOperations,
  ...organizationOperations,
  ...organizationAdminOperations,
  ...organizationProfileOperations,
  ...settingsOperations,
  ...notificationOperations,
  ...contactOperations,
  ...roleOperations,
  ...groupOperations,
  ...userOperations,
  ...documentTypeOperations,
  ...flowOperations,
  ...shipmentOperations,
  ...batchImportOperations,
  ...sendingOperations,
  ...securityOperations,
  ...reportOperations,
  ...validationLinkOperations,
  ...validationProcessOperations,
  ...validationReviewOperations,
  ...validationFlowOperations,
];

export function openApiDocument() {
  return buildOpenApiDocument(apiOperations, {
    title: "Rúbrica API",
    version: "1.0.0",
    description:
      "Electronic signature and identity validation. Authenticate with a staff token (POST /api/authenticate) or, for integrations, an API key created in /api-management: `Authorization: Bearer rbk_…` or `X-API-Key: rbk_…`. Errors answer `{ errorCode, message }` in the caller's language.",
  });
}
