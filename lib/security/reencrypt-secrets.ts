import { db } from "@/lib/db/client";
import { callbackSecretName, previousCallbackSecretName } from "@/lib/callbacks/callback-secret";
import type { DataKeyring } from "./data-keys";
import { reencryptSecret } from "./encryption";
import { serverKeyRowPrefix } from "./server-key";
import { developmentRowNames } from "@/lib/pdf/development-store";

// Every secret the database keeps encrypted with the data key (lib/security/encryption.ts), brought under the
// current key by scripts/rotate-data-key.ts. A column added with encryptSecret() belongs in this list.

export type SecretCounts = { checked: number; reencrypted: number; unknownKey: number };

type Row = { id: number } & Record<string, string | null>;
type Delegate = {
  findMany(args: { where?: object; select: Record<string, true> }): Promise<Row[]>;
  updateMany(args: { where: object; data: Record<string, string> }): Promise<{ count: number }>;
};

/** A column's value, or the sealed part inside it, as (read, write) for one row. */
type Field = { column: string; read(value: string): string; write(value: string, sealed: string): string };
const whole = (column: string): Field => ({ column, read: (value) => value, write: (_, sealed) => sealed });
const jsonMember = (column: string, member: string): Field => ({
  column,
  read: (value) => String((JSON.parse(value) as Record<string, unknown>)[member]),
  write: (value, sealed) => JSON.stringify({ ...(JSON.parse(value) as object), [member]: sealed }),
});

const encryptedColumns: { model: string; where?: object; fields: Field[] }[] = [
  { model: "mfaMethod", fields: [whole("secret")] },
  { model: "signingAuthority", fields: [whole("encryptedKey")] },
  { model: "organizationSealCertificate", fields: [whole("encryptedPkcs12"), whole("encryptedPassword")] },
  { model: "webhookEndpoint", fields: [whole("secret"), whole("previousSecret")] },
  { model: "configValue", where: { name: { in: [callbackSecretName, previousCallbackSecretName] } }, fields: [whole("value")] },
  { model: "configValue", where: { name: { startsWith: serverKeyRowPrefix } }, fields: [jsonMember("value", "privateKey")] },
  {
    model: "configValue",
    where: { organizationId: null, name: { in: Object.values(developmentRowNames) } },
    fields: [jsonMember("value", "privateKey")],
  },
];

export async function reencryptSecrets(keyring: DataKeyring): Promise<SecretCounts> {
  const counts: SecretCounts = { checked: 0, reencrypted: 0, unknownKey: 0 };
  for (const { model, where, fields } of encryptedColumns) {
    const delegate = (db as unknown as Record<string, Delegate>)[model]!;
    const select = Object.fromEntries([["id", true], ...fields.map((field) => [field.column, true])]) as Record<string, true>;
    for (const row of await delegate.findMany({ where, select })) {
      for (const field of fields) {
        const value = row[field.column];
        if (value == null) continue;
        counts.checked++;
        const sealed = field.read(value);
        const moved = reencryptSecret(sealed, keyring);
        if (moved === null) counts.unknownKey++;
        else if (moved !== sealed) {
          // Only if nobody changed it meanwhile (a rotated webhook secret, a new TOTP seed): theirs is already current.
          const { count } = await delegate.updateMany({
            where: { id: row.id, [field.column]: value },
            data: { [field.column]: field.write(value, moved) },
          });
          counts.reencrypted += count;
        }
      }
    }
  }
  return counts;
}
