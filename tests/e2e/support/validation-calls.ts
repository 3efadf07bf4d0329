import type { APIRequestContext } from "@playwright/test";
import type { ValidationCalls } from "../../support/validation-review";

/** The real calls over HTTP to the app under test, with the signed-in staff member's session cookie. */
export function callsOf(request: APIRequestContext): ValidationCalls {
  const answer = async <T>(response: Awaited<ReturnType<APIRequestContext["post"]>>) => ({
    status: response.status(),
    body: (await response.json()) as T,
  });
  return {
    createLink: async (body) => answer(await request.post("/api/validations", { data: body })),
    login: async (validationHexId, body) => answer(await request.post(`/api/validation/${validationHexId}/login`, { data: body })),
    geolocate: async (body, urlSign) =>
      answer(await request.post("/api/signprocess/addSigneeGeolocation", { data: body, headers: { "x-url-sign": urlSign } })),
  };
}
