import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { apiKeyInclude, asNameTaken, assertNameFree, assertPerson, assignableRole, findApiKey, toApiKeyView } from "./key-records";
import { updateApiKeyInput } from "./schemas";

/**
 * Renames a key, changes its description or role, or enables and disables it. A disabled key is
 * refused from its next call on. Enabling and disabling are logged as their own events.
 */
export async function updateApiKey(context: AuthContext, hexId: string, raw: unknown, ip: string) {
  assertPerson(context);
  const input = updateApiKeyInput.parse(raw);
  const description = input.description === undefined ? undefined : input.description || null;
  const key = await db.$transaction(async (tx) => {
    const current = await findApiKey(context, hexId, tx);
    // Keeping the role it has needs no check: a manager with fewer privileges may still rename the key.
    const role =
      input.roleHexId && input.roleHexId !== current.user.role?.hexId ? await assignableRole(context, input.roleHexId, tx) : null;
    if (input.name !== undefined && input.name !== current.name) await assertNameFree(tx, context.organizationId, input.name, current.id);
    // The API user's name follows the key's, so logs and records show who acted.
    if (input.name !== undefined || role)
      await tx.user.update({ where: { id: current.userId }, data: { firstName: input.name, roleId: role?.id } });
    const updated = await tx.apiKey
      .update({
        where: { id: current.id },
        data: { name: input.name, description, enabled: input.enabled },
        include: apiKeyInclude,
      })
      .catch(asNameTaken);
    const log = (event: string, action: string) =>
      logOperation(
        {
          module: "ORGANIZACION",
          organizationId: context.organizationId,
          userId: context.userId,
          event,
          ip,
          recordId: current.hexId,
          action,
        },
        tx,
      );
    if (input.enabled !== undefined && input.enabled !== current.enabled)
      await log(
        input.enabled ? "API_KEY_ENABLE" : "API_KEY_DISABLE",
        `${input.enabled ? "enable" : "disable"} API key ${current.keyPrefix}…`,
      );
    const changed = [
      input.name !== undefined && input.name !== current.name ? "name" : null,
      description !== undefined && description !== current.description ? "description" : null,
      role ? `role ${role.hexId}` : null,
    ].filter(Boolean);
    if (changed.length > 0) await log("API_KEY_UPDATE", `update API key ${current.keyPrefix}…: ${changed.join(", ")}`);
    return updated;
  });
  return toApiKeyView(key);
}
