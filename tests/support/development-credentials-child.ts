/**
 * One process asking for the platform's development credentials, as a web or worker node does when the operator
 * configures no PKCS#12 (tests/integration/development-credentials.test.ts runs several at once).
 *
 *   npx tsx tests/support/development-credentials-child.ts   → "ready", then, once a line arrives on stdin, JSON
 *
 * It asks only when told (a line on stdin), so that processes started together ask at the same moment.
 */
import { X509Certificate } from "node:crypto";
import { db } from "@/lib/db/client";
import { loadSigningCredentials } from "@/lib/pdf/credentials";
import { loadSignerCa } from "@/lib/pdf/signer-ca";
import type { SigningCredentials } from "@/lib/pdf/credentials";

const describe = (credentials: SigningCredentials) => {
  const certificate = new X509Certificate(credentials.certificate);
  return {
    fingerprint: certificate.fingerprint256,
    subject: certificate.subject,
    keyMatches: certificate.checkPrivateKey(credentials.privateKey),
  };
};

async function main() {
  console.log("ready");
  await new Promise((resolve) => process.stdin.once("data", resolve));
  process.stdin.pause();
  const [seal, signerCa] = await Promise.all([loadSigningCredentials(), loadSignerCa()]);
  console.log(JSON.stringify({ seal: describe(seal), signerCa: describe(signerCa) }));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
