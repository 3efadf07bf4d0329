import type { AuthContext } from "@/lib/auth/context";
import { assertPerson, findApiKey, toApiKeyView } from "./key-records";

/** /api-management/{apiUserHexId}: one key of the organisation, without its secret. */
export async function getApiKey(context: AuthContext, hexId: string) {
  assertPerson(context);
  return toApiKeyView(await findApiKey(context, hexId));
}
