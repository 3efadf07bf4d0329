import { z } from "zod";
import { answer, created } from "../registry";
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
    responses: answer("The types under `data`", z.object({ data: z.array(documentTypeViewSchema) })),
  },
  {
    method: "post",
    path: "/api/fileType",
    idempotent: true,
    operationId: "createDocumentType",
    summary: "Create a document type; its name is unique in the organisation",
    needs: "ORGANIZACION:CREATE",
    body: typeBody,
    responses: created(documentType),
    errors: [409],
  },
  {
    method: "get",
    path: "/api/fileType/{hexId}",
    operationId: "getDocumentType",
    summary: "One document type",
    description: readers,
    pathParams: typePath,
    responses: answer("The type", documentType),
  },
  {
    method: "put",
    path: "/api/fileType/{hexId}",
    operationId: "updateDocumentType",
    summary: "Rename a document type or make it the default",
    needs: "ORGANIZACION:UPDATE",
    pathParams: typePath,
    body: typeBody,
    responses: answer("Updated", documentType),
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/fileType/{hexId}",
    operationId: "deleteDocumentType",
    summary: "Delete a document type that is neither the default nor in use",
    needs: "ORGANIZACION:DELETE",
    pathParams: typePath,
    responses: answer("Deleted", z.object({ result: z.literal(1) })),
    errors: [409],
  },
]);
