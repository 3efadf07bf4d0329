import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { db, type Tx } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { decryptSecret, encryptSecret } from "@/lib/security/encryption";
import type { SigningCredentials } from "./credentials";

// The generated development credentials (the seal certificate of lib/pdf/credentials.ts, the signer CA of
// lib/pdf/signer-ca.ts, used when the operator configures no PKCS#12) must be the same in every web and worker
// process, on every node, and across restarts: otherwise documents are sealed with different certificates. So they
// live in the database, as the server's key exchange key does (lib/security/server-key.ts): one global ConfigValue
// row (organizationId null) per kind, the private key sealed with DATA_ENCRYPTION_KEY (lib/security/encryption.ts),
// created once under an advisory lock. Earlier versions kept them in STORAGE_DIR/pdf-signing/ on each node's disk:
// the first process that finds no row imports that node's file, so an installation keeps the certificate it had.

export type DevelopmentKind = "seal" | "signerCa";

/** The ConfigValue row of each kind (global). */
export const developmentRowNames: Record<DevelopmentKind, string> = {
  seal: "pdf_development_certificate",
  signerCa: "pdf_development_signer_ca",
};

/** The file each kind was kept in under STORAGE_DIR/pdf-signing by earlier versions. */
export const legacyFileNames: Record<DevelopmentKind, string> = {
  seal: "development-certificate.pem",
  signerCa: "development-signer-ca.pem",
};

/** The folder under STORAGE_DIR where earlier versions kept them. */
export const legacyDirName = "pdf-signing";

/** Advisory-lock namespace (see lib/db/lock-organization.ts) for creating the rows. */
const lockNamespace = 0x0de7ce27;

type Stored = { v: 1; createdAt: string; importedFrom?: string; certificate: string; privateKey: string };

function fromPem(text: string, label: string, file: string): Buffer {
  const match = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`).exec(text);
  if (!match?.[1]) throw new Error(`PDF signing: ${file} has no ${label}`);
  return Buffer.from(match[1].replace(/\s+/g, ""), "base64");
}

/** The credentials of a file written by an earlier version (certificate and PKCS#8 key, PEM), or null when there is none. */
export async function readLegacyFile(file: string): Promise<SigningCredentials | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const certificate = new Uint8Array(fromPem(text, "CERTIFICATE", file));
  const privateKey = createPrivateKey({ key: fromPem(text, "PRIVATE KEY", file), format: "der", type: "pkcs8" });
  if (!new X509Certificate(certificate).checkPrivateKey(privateKey)) throw new Error(`PDF signing: ${file}'s key is not its certificate's`);
  return { certificate, chain: [], privateKey, development: true };
}

function toRow(credentials: SigningCredentials, importedFrom?: string): string {
  const stored: Stored = {
    v: 1,
    createdAt: new Date().toISOString(),
    ...(importedFrom ? { importedFrom } : {}),
    certificate: Buffer.from(credentials.certificate).toString("base64"),
    privateKey: encryptSecret(credentials.privateKey.export({ format: "pem", type: "pkcs8" }).toString()),
  };
  return JSON.stringify(stored);
}

function fromRow(value: string): SigningCredentials {
  const stored = JSON.parse(value) as Stored;
  return {
    certificate: new Uint8Array(Buffer.from(stored.certificate, "base64")),
    chain: [],
    privateKey: createPrivateKey(decryptSecret(stored.privateKey)),
    development: true,
  };
}

function readRow(client: Tx | typeof db, kind: DevelopmentKind) {
  return client.configValue.findFirst({
    where: { organizationId: null, name: developmentRowNames[kind] },
    orderBy: { id: "asc" },
    select: { value: true },
  });
}

/**
 * Stores `candidate` as the `kind` credentials unless some process already did: under the lock, the row found first
 * wins (a unique index cannot decide it, since PostgreSQL treats the null organizationId of global rows as distinct).
 * Returns the row's value and whether it is the candidate.
 */
async function storeOnce(kind: DevelopmentKind, candidate: string): Promise<{ value: string; stored: boolean }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${lockNamespace}::int, 0)`;
    const existing = await readRow(tx, kind);
    if (existing) return { value: existing.value, stored: false };
    await tx.configValue.create({ data: { organizationId: null, name: developmentRowNames[kind], value: candidate } });
    return { value: candidate, stored: true };
  });
}

const sameCertificate = (a: SigningCredentials, b: SigningCredentials) => Buffer.from(a.certificate).equals(Buffer.from(b.certificate));

/**
 * Imports the file an earlier version kept in `legacyDir` when the database has no `kind` credentials yet; never
 * generates. "imported", "present" (the database already has them: the file, if any, is not used) or "none".
 */
export async function importLegacyDevelopmentCredentials(
  kind: DevelopmentKind,
  legacyDir: string,
): Promise<"imported" | "present" | "none"> {
  const file = path.join(legacyDir, legacyFileNames[kind]);
  const existing = await readRow(db, kind);
  const legacy = existing ? null : await readLegacyFile(file);
  if (existing) {
    await warnIfDifferent(fromRow(existing.value), file);
    return "present";
  }
  if (!legacy) return "none";
  const { stored, value } = await storeOnce(kind, toRow(legacy, file));
  if (stored) logger("pdf-signing").info({ file }, "development credentials imported into the database; the file is no longer used");
  else await warnIfDifferent(fromRow(value), file);
  return stored ? "imported" : "present";
}

async function warnIfDifferent(current: SigningCredentials, file: string): Promise<void> {
  const legacy = await readLegacyFile(file);
  if (legacy && !sameCertificate(legacy, current))
    logger("pdf-signing").warn(
      { file },
      "this node's development certificate file differs from the database's, which every node uses; the file is not used",
    );
}

/**
 * The `kind` development credentials every process shares: the database's; else the file an earlier version kept in
 * `legacyDir` (imported); else generated by `generate` and stored. Two processes asking at once get the same ones.
 */
export async function sharedDevelopmentCredentials(
  kind: DevelopmentKind,
  legacyDir: string,
  generate: () => Promise<SigningCredentials>,
): Promise<SigningCredentials> {
  const existing = await readRow(db, kind);
  if (existing) {
    const current = fromRow(existing.value);
    await warnIfDifferent(current, path.join(legacyDir, legacyFileNames[kind]));
    return current;
  }
  if ((await importLegacyDevelopmentCredentials(kind, legacyDir)) === "none") {
    // Generated outside the lock (an RSA key takes a moment); a process that loses the race drops its own.
    await storeOnce(kind, toRow(await generate()));
  }
  const row = await readRow(db, kind);
  if (!row) throw new Error(`PDF signing: the ${developmentRowNames[kind]} row vanished`);
  return fromRow(row.value);
}
