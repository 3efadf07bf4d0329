import { z } from "zod";
import { answer, apiErrorSchema, created } from "../registry";
import type { ContactView } from "@/lib/contacts/contact-view";
import { exportContactsQuery } from "@/lib/contacts/export-contacts";
import {
  channelInput,
  channelTypes,
  contactColumns,
  contactLanguages,
  createContactInput,
  listContactsQuery,
  updateContactInput,
} from "@/lib/contacts/schemas";
import { deleted, hexIdPath, operationGroup } from "./common";

// The contact answers as toContactView builds them; `satisfies` keeps the schema and the view in step.

const channelView = z.object({ channelHexId: z.string(), type: z.enum(channelTypes), value: z.string(), favorite: z.boolean() });

export const contactViewSchema = z.object({
  contactHexId: z.string(),
  name: z.string(),
  lastName: z.string(),
  country: z.string().nullable(),
  identType: z.string().nullable(),
  identNumber: z.string().nullable(),
  fingerprintCode: z.string().nullable(),
  preferredLanguage: z.enum(contactLanguages),
  email: z.string().nullable().describe("The favourite e-mail, or the first one"),
  phone: z.string().nullable().describe("The favourite phone, or the first one"),
  favoriteChannel: channelView.nullable(),
  channels: z.array(channelView).describe("Favourite first"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
}) satisfies z.ZodType<ContactView>;

const contact = { schema: contactViewSchema, component: "Contact" };
const contactPage = z.object({
  _embedded: z.object({ contacts: z.array(contactViewSchema) }),
  page: z.object({ size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int(), number: z.number().int() }),
});
const contactPath = hexIdPath("contactHexId", "The contact's hexId");
const channelPath = contactPath.extend(hexIdPath("channelHexId", "The channel's hexId").shape);
const channelBody = { schema: channelInput, component: "ChannelInput" };
const withChannels = "The contact with all its channels";

export const contactOperations = operationGroup(
  "Contacts",
  "tokenOrApiKey",
)({
  listContacts: {
    method: "get",
    path: "/api/contacts",
    requires: { kind: "privilege", module: "CONTACTO", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's contacts, one page, searched and sorted",
    description:
      "Every word of `search` must appear in the name, last name, identification number or a channel. `sort=field,direction` with name, lastName, identNumber or createdAt.",
    query: listContactsQuery,
    responses: answer("A page of contacts under _embedded.contacts", contactPage),
  },
  createContact: {
    method: "post",
    path: "/api/contacts",
    idempotent: true,
    requires: { kind: "privilege", module: "CONTACTO", action: "CREATE" },
    tenancy: "organization",
    summary: "Create a contact; its e-mail and phone become its first channels",
    description: "An e-mail or a phone is required. Duplicates by identification or e-mail are refused.",
    body: { schema: createContactInput, component: "CreateContactInput" },
    responses: created(contact),
    errors: [409],
  },
  getContact: {
    method: "get",
    path: "/api/contacts/{contactHexId}",
    requires: { kind: "privilege", module: "CONTACTO", action: "VIEW" },
    tenancy: "organization",
    summary: "One contact with its channels and how many shipments it signs in",
    pathParams: contactPath,
    responses: {
      200: {
        description: "The contact; `shipments` counts the signers tied to it (they keep it from deletion)",
        body: { schema: contactViewSchema.extend({ shipments: z.number().int() }) },
      },
    },
  },
  updateContact: {
    method: "put",
    path: "/api/contacts/{contactHexId}",
    requires: { kind: "privilege", module: "CONTACTO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Change a contact's own data; channels change through their own endpoints",
    pathParams: contactPath,
    body: { schema: updateContactInput, component: "UpdateContactInput" },
    responses: answer("Updated", contact),
    errors: [409],
  },
  deleteContact: {
    method: "delete",
    path: "/api/contacts/{contactHexId}",
    requires: { kind: "privilege", module: "CONTACTO", action: "DELETE" },
    tenancy: "organization",
    summary: "Delete a contact that no shipment uses",
    description: "A contact tied to a shipment cannot be deleted (CONTACT_IN_SHIPMENT).",
    pathParams: contactPath,
    responses: answer("Deleted", deleted),
    errors: [409],
  },
  exportContacts: {
    method: "get",
    path: "/api/contacts/export",
    requires: { kind: "privilege", module: "CONTACTO", action: "EXPORT" },
    tenancy: "organization",
    summary: "The contacts the search finds (all without one) as XLSX or CSV, in the import's columns",
    query: exportContactsQuery,
    responses: {
      200: {
        description: "The file",
        files: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/csv"],
        headers: { "Content-Disposition": "attachment, with the file's name" },
      },
    },
  },
  importContacts: {
    method: "post",
    path: "/api/contacts/import",
    idempotent: true,
    requires: { kind: "privilege", module: "CONTACTO", action: "IMPORT" },
    tenancy: "organization",
    summary: "Import contacts from CSV or XLSX (multipart/form-data: `file`, `mode` preview or commit)",
    description:
      "`preview` checks every row and answers `{ total, valid, invalid, rows }` with each row's errors in the caller's language; `commit` imports all rows or none and answers `{ created }` with 201.",
    body: {
      schema: z.object({ file: z.file().describe("CSV or XLSX"), mode: z.enum(["preview", "commit"]).optional() }),
      mediaType: "multipart/form-data",
    },
    responses: {
      ...answer(
        "The preview: every row with its values and its errors in the caller's language",
        z.object({
          total: z.number().int().describe("Rows in the file"),
          valid: z.number().int().describe("Rows that would be imported"),
          invalid: z.number().int().describe("Rows with errors"),
          rows: z.array(
            z.object({
              row: z.number().int().describe("The row's number in the file (the header is row 1)"),
              values: z.partialRecord(z.enum(contactColumns), z.string()).describe("The row's cells, by column"),
              errors: z.array(
                z.object({
                  field: z.string().describe("The column at fault (empty when the row as a whole is)"),
                  errorCode: apiErrorSchema.shape.errorCode,
                  message: z.string().describe("In the caller's language"),
                }),
              ),
            }),
          ),
        }),
      ),
      ...created(z.object({ created: z.number().int().describe("Contacts imported") }), "Imported: all rows or none"),
    },
    errors: [400, 413],
  },
  addContactChannel: {
    method: "post",
    path: "/api/contacts/{contactHexId}/channels",
    idempotent: true,
    requires: { kind: "privilege", module: "CONTACTO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Add an e-mail or SMS channel; it becomes the favourite when asked to or when the contact has none",
    pathParams: contactPath,
    body: channelBody,
    responses: created(contact, withChannels),
    errors: [409],
  },
  updateContactChannel: {
    method: "put",
    path: "/api/contacts/{contactHexId}/channels/{channelHexId}",
    requires: { kind: "privilege", module: "CONTACTO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Change a channel's type and value; `favorite: true` makes it the favourite",
    description: "The favourite cannot be unset: make another channel the favourite instead.",
    pathParams: channelPath,
    body: channelBody,
    responses: answer(withChannels, contact),
    errors: [409],
  },
  deleteContactChannel: {
    method: "delete",
    path: "/api/contacts/{contactHexId}/channels/{channelHexId}",
    requires: { kind: "privilege", module: "CONTACTO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Delete a channel that is not the favourite",
    pathParams: channelPath,
    responses: answer(withChannels, contact),
    errors: [409],
  },
  makeFavoriteContactChannel: {
    method: "post",
    path: "/api/contacts/{contactHexId}/channels/{channelHexId}/favorite",
    requires: { kind: "privilege", module: "CONTACTO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Make a channel the contact's favourite; the previous favourite becomes a plain channel",
    pathParams: channelPath,
    responses: answer(withChannels, contact),
  },
});
