/**
 * Brings everything the data key protects under the current DATA_ENCRYPTION_KEY:
 *
 *   1. generate a new key:  node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))'
 *   2. in the settings of every web and worker node: DATA_ENCRYPTION_KEY=<new key>,
 *      DATA_ENCRYPTION_PREVIOUS_KEYS=<old key> (comma-separated if there are several), and restart them;
 *   3. npx tsx scripts/rotate-data-key.ts   (same settings; it prints what it did as JSON)
 *   4. when it ends with status 0, remove DATA_ENCRYPTION_PREVIOUS_KEYS and restart again: the old key opens nothing.
 *
 * Stored objects (lib/storage, either driver): each object's DEK is re-wrapped under the new key, and objects kept
 * in the clear from before encryption at rest are sealed. Secrets in the database (lib/security/encryption.ts) are
 * re-encrypted. Safe to run while the product runs, and again: an interrupted run is finished by the next one, which
 * skips what is already under the new key. It fails (status 1) if anything is under a key it was not given.
 */
import "dotenv/config";
import { db } from "@/lib/db/client";
import { configuredKeyring, dataKeyFingerprint } from "@/lib/security/data-keys";
import { reencryptSecrets } from "@/lib/security/reencrypt-secrets";
import { objectStore } from "@/lib/storage";
import { rotateObjects } from "@/lib/storage/rotate-objects";
import { env } from "@/lib/config/env";

async function main(): Promise<number> {
  const keyring = configuredKeyring();
  const objects = await rotateObjects(objectStore(), keyring, {
    onProgress: (counts) =>
      console.error(`objects: ${counts.checked} checked, ${counts.rewrapped} re-wrapped, ${counts.encrypted} encrypted`),
  });
  const secrets = await reencryptSecrets(keyring);
  const failed = objects.unknownKey.length + secrets.unknownKey;
  console.log(
    JSON.stringify(
      {
        dataKeyFingerprint: dataKeyFingerprint(env().DATA_ENCRYPTION_KEY),
        objects: { ...objects, unknownKey: objects.unknownKey.length },
        secrets,
      },
      null,
      2,
    ),
  );
  if (failed) {
    console.error(
      `${failed} item(s) are under a data key that is neither DATA_ENCRYPTION_KEY nor in DATA_ENCRYPTION_PREVIOUS_KEYS; ` +
        `add it there and run again. Objects: ${objects.unknownKey.join(", ") || "none"}`,
    );
  }
  return failed ? 1 : 0;
}

main()
  .then((status) => (process.exitCode = status))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
