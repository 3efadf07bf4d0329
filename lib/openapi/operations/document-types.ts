import { z } from "zod";
import type { DocumentTypeView } from "@/lib/document-types/document-type-records";
import { documentTypeInput } from "@/lib/document-types/document-type-schemas";
import { hexIdPath, operationGroup } from "./common";

export const documentTypeViewSchema = z.object({
  hexId: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  inUse: z.boolean().describe("Used by uploaded files or flow steps: it cannot be deleted"),
}) satisfies z.ZodType<DocumentTypeView>;

const documentType = { schema: documentTypeViewSchema, component: "DocumentType" };
const typePath = hexIdPath("hexId", "The document type's hexId");
const typeBody = { schema: documentTypeInput, component: "DocumentTypeInput" };
const readers = "Needs ORGANIZACION:VIEW, or DOCUMENTO:CREATE (who prepares shipments picks a type for each file).";

export const documentTypeOperations = operationGroup(
  "Document types",
  "tokenOrApiKey",
)([
  {
    method: "get",
    path: "/api/fileType/getAllFileType",
    operationId: "getAllFileType",
    summary: "The organisation's document types, the default first",
    description: readers,
    responses: { 200: { description: "The types under `data`", body: { schema: z.object({ data: z.array(documentTypeViewSchema) }) } } },
  },
  {
    method: "post",
    path: "/api/fileType",
    operationId: "createDocumentType",
    summary: "Create a document type; its name is unique in the organisation",
    needs: "ORGANIZACION:CREATE",
    body: typeBody,
    responses: { 201: { description: "Created", body: documentType } },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/fileType/{hexId}",
    operationId: "getDocumentType",
    summary: "One document type",
    description: readers,
    pathParams: typePath,
    responses: { 200: { description: "The type", body: documentType } },
  },
  {
    method: "put",
    path: "/api/fileType/{hexId}",
    operationId: "updateDocumentType",
    summary: "Rename a document type or make it the default",
    needs: "ORGANIZACION:UPDATE",
    pathParams: typePath,
    body: typeBody,
    responses: { 200: { description: "Updated", body: documentType } },
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/fileType/{hexId}",
    operationId: "deleteDocumentType",
    summary: "Delete a document type that is neither the default nor in use",
    needs: "ORGANIZACION:DELETE",
    pathParams: typePath,
    responses: { 200: { description: "Deleted", body: { schema: z.object({ result: z.literal(1) }) } } },
    errors: [409],
  },
]);
