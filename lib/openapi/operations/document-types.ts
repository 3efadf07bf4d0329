import { z } from "zod";
import { answer, created } from "../registry";
import type { DocumentTypeView } from "@/lib/document-types/document-type-records";
import { documentTypeInput } from "@/lib/document-types/document-type-schemas";
import { hexIdPath, operationGroup } from "./common";

export const documentTypeViewSchema = z.object({
  documentTypeHexId: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  inUse: z.boolean().describe("Used by uploaded files or flow steps: it cannot be deleted"),
}) satisfies z.ZodType<DocumentTypeView>;

const documentType = { schema: documentTypeViewSchema, component: "DocumentType" };
const typePath = hexIdPath("documentTypeHexId", "The document type's hexId");
const typeBody = { schema: documentTypeInput, component: "DocumentTypeInput" };
const readers = "Needs ORGANIZACION:VIEW, or DOCUMENTO:CREATE (who prepares shipments picks a type for each file).";

export const documentTypeOperations = operationGroup(
  "Document types",
  "tokenOrApiKey",
)({
  getAllFileType: {
    method: "get",
    path: "/api/fileType/getAllFileType",
    tenancy: "organization",
    summary: "The organisation's document types, the default first",
    description: `${readers} The answer keeps spec §7's shape, \`{ data: [...] }\`, rather than the \`_embedded\` + \`page\` of the other lists.`,
    specShape: "GET /fileType/getAllFileType → data",
    responses: answer("The types under `data`", z.object({ data: z.array(documentTypeViewSchema) })),
  },
  createDocumentType: {
    method: "post",
    path: "/api/fileType",
    idempotent: true,
    requires: { kind: "privilege", module: "ORGANIZACION", action: "CREATE" },
    tenancy: "organization",
    summary: "Create a document type; its name is unique in the organisation",
    body: typeBody,
    responses: created(documentType),
    errors: [409],
  },
  getDocumentType: {
    method: "get",
    path: "/api/fileType/{documentTypeHexId}",
    tenancy: "organization",
    summary: "One document type",
    description: readers,
    pathParams: typePath,
    responses: answer("The type", documentType),
  },
  updateDocumentType: {
    method: "put",
    path: "/api/fileType/{documentTypeHexId}",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Rename a document type or make it the default",
    pathParams: typePath,
    body: typeBody,
    responses: answer("Updated", documentType),
    errors: [409],
  },
  deleteDocumentType: {
    method: "delete",
    path: "/api/fileType/{documentTypeHexId}",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "DELETE" },
    tenancy: "organization",
    summary: "Delete a document type that is neither the default nor in use",
    pathParams: typePath,
    responses: answer("Deleted", z.object({ result: z.literal(1) })),
    errors: [409],
  },
});
