import { wholeList } from "@/lib/http/list-page";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { apiKeyInclude, assertPerson, toApiKeyView } from "./key-records";

/** /apisadhoc: the organisation's keys, newest first, never with their secret. */
export async function listApiKeys(context: AuthContext) {
  assertPerson(context);
  const keys = await db.apiKey.findMany({
    where: { organizationId: context.organizationId },
    include: apiKeyInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return wholeList("apiKeys", keys.map(toApiKeyView));
}
