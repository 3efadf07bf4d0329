import { beforeAll, describe, expect, it } from "vitest";
import { POST as createContact } from "@/app/api/contacts/route";
import { GET as unknownRoute } from "@/app/api/[...unknown]/route";
import { POST as cartesianCoordinates } from "@/app/api/security/getCartesianCoordinates/route";
import es from "@/messages/es-es.json";
import en from "@/messages/en-us.json";
import { twoOrganizations } from "../support/cast";
import { call } from "../support/http";

type FieldError = { field: string; errorCode: string; message: string };
type ErrorAnswer = { errorCode: string; message: string; field?: string; fields?: FieldError[]; [key: string]: unknown };

let adminA: string;

beforeAll(async () => {
  ({ adminA } = await twoOrganizations());
});

describe("one error shape: { errorCode, message, fields? }", () => {
  it("lists every field at fault, each with its code and message, in the caller's language", async () => {
    const body = { email: "no-es-un-correo", country: "España" };
    const spanish = await call<ErrorAnswer>(createContact, "/api/contacts", { body, token: adminA });
    expect(spanish.status).toBe(400);
    const expected = (messages: typeof es) => [
      { field: "name", errorCode: "EMPTY_FIELD", message: messages.errors.EMPTY_FIELD },
      { field: "lastName", errorCode: "EMPTY_FIELD", message: messages.errors.EMPTY_FIELD },
      { field: "country", errorCode: "VALIDATION_FAILED", message: messages.errors.VALIDATION_FAILED },
      { field: "email", errorCode: "INVALID_EMAIL", message: messages.errors.INVALID_EMAIL },
    ];
    expect(spanish.body.fields).toEqual(expect.arrayContaining(expected(es)));
    expect(spanish.body.fields).toHaveLength(4);
    // The first field at fault stays the answer's own code and `field`, which the portal's forms read.
    expect(spanish.body).toMatchObject({ errorCode: "EMPTY_FIELD", message: es.errors.EMPTY_FIELD, field: "name" });

    const english = await call<ErrorAnswer>(createContact, "/api/contacts", {
      body,
      token: adminA,
      headers: { "accept-language": "en-US" },
    });
    expect(english.body.fields).toEqual(expect.arrayContaining(expected(en)));
  });

  it("names the one field of an error raised on a single field", async () => {
    const answer = await call<ErrorAnswer>(createContact, "/api/contacts", {
      body: { name: "Eva", lastName: "Ruiz" },
      token: adminA,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errorCode: "EMAIL_OR_PHONE_REQUIRED",
      message: es.errors.EMAIL_OR_PHONE_REQUIRED,
      field: "email",
      fields: [{ field: "email", errorCode: "EMAIL_OR_PHONE_REQUIRED", message: es.errors.EMAIL_OR_PHONE_REQUIRED }],
    });
  });

  it("answers an error with no field at fault as errorCode and message alone", async () => {
    const answer = await call<ErrorAnswer>(unknownRoute, "/api/no-such-thing");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ errorCode: "NOT_FOUND", message: es.errors.NOT_FOUND });
  });

  it("keeps spec §8's helper answer (result 0, description) over the same shape", async () => {
    const answer = await call<ErrorAnswer>(cartesianCoordinates, "/api/security/getCartesianCoordinates/", { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      result: 0,
      errorCode: "EMPTY_FIELD",
      description: es.errors.EMPTY_FIELD,
      message: es.errors.EMPTY_FIELD,
    });
    expect(answer.body.fields).toEqual([{ field: "publicKey", errorCode: "EMPTY_FIELD", message: es.errors.EMPTY_FIELD }]);
  });
});
