import type { Tx } from "./client";

// One advisory-lock namespace per kind of cross-row rule, so unrelated writes do not queue.
const scopes = {
  // one default flow per kind, one default document type, unique names
  catalog: 0x0ca7a109,
  // duplicate contacts and the single favourite channel
  contacts: 0x0c0e7ac7,
} as const;

/**
 * Serialises the writes of one organisation that check a rule across rows inside `tx`: without it
 * two concurrent requests could each see the old state and both commit. An advisory transaction
 * lock, not a row lock on Organization, so inserts that merely reference the organisation (logs,
 * sessions) never wait for it.
 */
export async function lockOrganization(tx: Tx, organizationId: number, scope: keyof typeof scopes = "catalog"): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${scopes[scope]}::int, ${organizationId}::int)`;
}
