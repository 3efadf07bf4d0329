import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { apiKeyInclude, assertPerson, findApiKey, toApiKeyView } from "./key-records";
import { newApiKeySecret } from "./key-secret";
import type { ApiKeyWithSecret } from "./schemas";

/** A new secret for the same key and API user; the old secret stops working at once. */
export async function rotateApiKey(context: AuthContext, hexId: string, ip: string): Promise<ApiKeyWithSecret> {
  assertPerson(context);
  const { secret, keyHash, keyPrefix } = newApiKeySecret();
  const key = await db.$transaction(async (tx) => {
    const current = await findApiKey(context, hexId, tx);
    const rotated = await tx.apiKey.update({
      where: { id: current.id },
      data: { keyHash, keyPrefix, lastUsedAt: null },
      include: apiKeyInclude,
    });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "API_KEY_ROTATE",
        ip,
        recordId: current.hexId,
        action: `rotate API key ${current.keyPrefix}… to ${keyPrefix}…`,
      },
      tx,
    );
    return rotated;
  });
  return { ...toApiKeyView(key), apiKey: secret };
}
