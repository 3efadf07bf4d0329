import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { apiKeyInclude, asNameTaken, assertNameFree, assertPerson, assignableRole, toApiKeyView } from "./key-records";
import { newApiKeySecret } from "./key-secret";
import { createApiKeyInput, type ApiKeyWithSecret } from "./schemas";

/**
 * A new key and its API user: the user carries the role (so the key's authorities follow the
 * role's privileges) and marks what the key does. It can never sign in: no password, no portal
 * access, and an address under .invalid (RFC 2606) that no mail reaches. The full key is in this
 * answer only; the database keeps its SHA-256 and a short prefix.
 */
export async function createApiKey(context: AuthContext, raw: unknown, ip: string): Promise<ApiKeyWithSecret> {
  assertPerson(context);
  const input = createApiKeyInput.parse(raw);
  const { secret, keyHash, keyPrefix } = newApiKeySecret();
  const key = await db.$transaction(async (tx) => {
    const role = await assignableRole(context, input.roleHexId, tx);
    await assertNameFree(tx, context.organizationId, input.name);
    const user = await tx.user.create({
      data: {
        email: `api-${randomHex()}@api.invalid`,
        firstName: input.name,
        lastName: "API",
        hasApi: true,
        portalAccess: false,
        organizationId: context.organizationId,
        roleId: role.id,
      },
    });
    const created = await tx.apiKey
      .create({
        data: {
          name: input.name,
          description: input.description || null,
          keyHash,
          keyPrefix,
          organizationId: context.organizationId,
          userId: user.id,
          createdById: context.userId,
        },
        include: apiKeyInclude,
      })
      .catch(asNameTaken);
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "API_KEY_CREATE",
        ip,
        recordId: created.hexId,
        action: `create API key ${keyPrefix}… with role ${role.hexId}`,
      },
      tx,
    );
    return created;
  });
  return { ...toApiKeyView(key), apiKey: secret };
}
