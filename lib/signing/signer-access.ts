import { getConfigNumber } from "@/lib/config/values";
import { queryRows } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { restartEventType } from "@/lib/evidence/captured-evidence";
import type { CheckedCapture } from "@/lib/evidence/face-comparison";
import { AppError } from "@/lib/errors/app-error";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { linkSecretMatches } from "@/lib/security/link-secret";
import { type LinkState, linkUsedUp, signerLinkState } from "./link-state";
import { type SignerStepType, signerSteps } from "./steps";

const hex32 = /^[0-9a-f]{32}$/;

export const signerAccessInclude = {
  document: {
    include: {
      organization: { select: { id: true, hexId: true, name: true, logoFileName: true, timezone: true, country: true } },
      sender: { select: { firstName: true, lastName: true, email: true } },
      flow: { include: { steps: { include: { documentType: { select: { name: true, hasRear: true } } } } } },
      files: { orderBy: { id: "asc" as const }, select: { hexId: true, fileName: true, pages: true, size: true, sha256: true } },
    },
  },
  contact: { select: { hexId: true } },
} as const;

export type SignerRecord = Prisma.SignerGetPayload<{ include: typeof signerAccessInclude }>;

type Revived<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
type SignerRow = Omit<SignerRecord, "document"> & {
  latestChecks: CheckedCapture[];
  document: Revived<Omit<SignerRecord["document"], "flow">> & { flow: Revived<NonNullable<SignerRecord["document"]["flow"]>> | null };
};

const date = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The signer with what signerAccessInclude names, in one SQL statement sent straight through the driver (every
 * signer request reads it: Prisma's include, even as a join, costs several times this, and its query interpreter
 * more CPU than the statement, bench/signer-api.ts). The relations come as JSON, whose
 * timestamps are turned back into dates; tests/integration/signer-read-cost.test.ts checks the answer
 * against Prisma's own read with signerAccessInclude, so that both keep the same shape.
 */
export async function findSigner(processHexId: string): Promise<SignerRecord | null> {
  return (await readSigner(processHexId))?.signer ?? null;
}

/**
 * findSigner's read, with the latest capture of each checked kind (selfie, video) per step in the
 * signer's current round: what lastCheckOf would read in a second statement (lib/evidence/face-comparison.ts).
 */
async function readSigner(processHexId: string): Promise<{ signer: SignerRecord; latestChecks: CheckedCapture[] } | null> {
  const [row] = await queryRows<SignerRow>(
    `
    SELECT s."id", s."hexId", s."urlSignHash", s."documentId", s."contactId", s."position", s."firstName", s."lastName",
      s."email", s."cellPhone", s."country", s."identType", s."identNumber", s."mandatory", s."canReject", s."termsAccepted",
      s."termsAcceptedAt", s."termsVersion", s."currentStep", s."attempts", s."uses", s."rejectionReason", s."ip", s."userAgent",
      s."invitedAt", s."startedAt", s."signedAt", s."rejectedAt", s."createdAt",
      s."preferredLanguage"::text AS "preferredLanguage", s."status"::text AS "status",
      (SELECT to_jsonb(d) || jsonb_build_object(
         'organization', (SELECT jsonb_build_object('id', o."id", 'hexId', o."hexId", 'name', o."name", 'logoFileName', o."logoFileName",
                            'timezone', o."timezone", 'country', o."country") FROM "Organization" o WHERE o."id" = d."organizationId"),
         'sender', (SELECT jsonb_build_object('firstName', u."firstName", 'lastName', u."lastName", 'email', u."email")
                    FROM "User" u WHERE u."id" = d."senderId"),
         'flow', (SELECT to_jsonb(f) || jsonb_build_object('steps', COALESCE((
                    SELECT jsonb_agg(to_jsonb(fs) || jsonb_build_object('documentType',
                      (SELECT jsonb_build_object('name', dt."name", 'hasRear', dt."hasRear") FROM "DocumentType" dt WHERE dt."id" = fs."documentTypeId"))
                      ORDER BY fs."id")
                    FROM "FlowStep" fs WHERE fs."flowId" = f."id"), '[]'::jsonb))
                  FROM "Flow" f WHERE f."id" = d."flowId"),
         'files', COALESCE((SELECT jsonb_agg(jsonb_build_object('hexId', df."hexId", 'fileName', df."fileName", 'pages', df."pages",
                    'size', df."size", 'sha256', df."sha256") ORDER BY df."id") FROM "DocumentFile" df WHERE df."documentId" = d."id"), '[]'::jsonb))
       FROM "Document" d WHERE d."id" = s."documentId") AS "document",
      (SELECT jsonb_build_object('hexId', c."hexId") FROM "Contact" c WHERE c."id" = s."contactId") AS "contact",
      (SELECT COALESCE(jsonb_agg(jsonb_build_object('stepPosition', x."stepPosition", 'kind', x."kind", 'check', x."check",
                'checkDetail', x."checkDetail")), '[]'::jsonb)
       FROM (SELECT DISTINCT ON (e."stepPosition", e."kind") e."stepPosition", e."kind"::text AS "kind", e."check"::text AS "check", e."checkDetail"
             FROM "Evidence" e
             WHERE e."signerId" = s."id" AND e."kind"::text IN ('SELFIE', 'VIDEO') AND e."id" > COALESCE((
               SELECT CASE WHEN jsonb_typeof(a."payload" -> 'evidenceBefore') = 'number' THEN (a."payload" ->> 'evidenceBefore')::numeric END
               FROM "AuditEvent" a
               WHERE a."documentId" = s."documentId" AND a."type" = $2
                 AND a."payload" -> 'signer' = to_jsonb(s."hexId")
               ORDER BY a."sequence" DESC LIMIT 1), 0)
             ORDER BY e."stepPosition", e."kind", e."id" DESC) x) AS "latestChecks"
    FROM "Signer" s WHERE s."hexId" = $1`,
    [processHexId, restartEventType({ person: "signer" })],
    // Planned once per connection: planning this statement costs PostgreSQL more than running it. Its columns are
    // named (no s.*): a column added by a migration while this process runs does not change a prepared result.
    { name: "rubrica-signer-by-link" },
  );
  if (!row) return null;
  const { document, latestChecks, ...signer } = row;
  return { signer: revived(signer, document), latestChecks };
}

function revived(signer: Omit<SignerRow, "document" | "latestChecks">, document: SignerRow["document"]): SignerRecord {
  return {
    ...signer,
    document: {
      ...document,
      expirationDate: date(document.expirationDate),
      sentAt: date(document.sentAt),
      completedAt: date(document.completedAt),
      sealedAt: date(document.sealedAt),
      createdAt: new Date(document.createdAt),
      updatedAt: new Date(document.updatedAt),
      flow: document.flow && { ...document.flow, creationDate: new Date(document.flow.creationDate) },
    },
  };
}

type FlowStepRecord = NonNullable<SignerRecord["document"]["flow"]>["steps"][number];

export type SignerAccess = {
  signer: SignerRecord;
  /** Null while the link can be used; otherwise the spec §4 state that ended it, or MAX_USES. */
  state: LinkState | null;
  steps: (FlowStepRecord & { type: SignerStepType })[];
  /** The organisation's max_link_uses, read when the link's secret matched; null otherwise. */
  maxUses: number | null;
  /** The latest checked captures read with the signer (readSigner); absent when the signer came from another read. */
  latestChecks?: readonly CheckedCapture[];
};

export type LinkLookup = { signer: SignerRecord; secretOk: boolean; maxUses: number | null; latestChecks: readonly CheckedCapture[] };

/**
 * The signer behind a link, when its secret matches. A wrong, missing or superseded secret is
 * answered exactly like an unknown process (INVALID_LINK, naming nothing), so that a process id
 * alone tells nobody whether it exists or whose it is; failures are rate-limited per client address
 * so that link secrets cannot be guessed.
 */
export async function signerAccess(processHexId: string, urlSign: string | null | undefined, ip: string): Promise<SignerAccess> {
  const { signer, secretOk, maxUses, latestChecks } = await signerByLink(processHexId, urlSign, ip);
  if (!secretOk) throw new AppError("INVALID_LINK");
  return accessOf(signer, maxUses, latestChecks);
}

/**
 * The process behind a link and whether its secret matched, for the callers that answer a wrong
 * secret themselves (opening the link, the page guard), always as an unknown link. Unknown
 * processes and wrong secrets count against the caller's address.
 */
export async function signerByLink(processHexId: string, urlSign: string | null | undefined, ip: string): Promise<LinkLookup> {
  const found = hex32.test(processHexId) ? await readSigner(processHexId) : null;
  const secretOk = Boolean(found && linkSecretMatches(urlSign, found.signer.urlSignHash));
  if (!secretOk) await enforceRateLimit(rateLimits.signLinkFailures, ip);
  if (!found) throw new AppError("INVALID_LINK");
  const { signer, latestChecks } = found;
  const maxUses = secretOk ? await getConfigNumber(signer.document.organizationId, "max_link_uses") : null;
  return { signer, secretOk, maxUses, latestChecks };
}

/** The link's state and the flow's signer steps; with the organisation's max_link_uses, a used-up link is ended too. */
export function accessOf(signer: SignerRecord, maxUses: number | null = null, latestChecks?: readonly CheckedCapture[]): SignerAccess {
  return {
    signer,
    state: signerLinkState(signer.status, signer.document.status, maxUses !== null && linkUsedUp(signer.uses, maxUses)),
    steps: signerSteps(signer.document.flow?.steps ?? []),
    maxUses,
    ...(latestChecks ? { latestChecks } : {}),
  };
}

/**
 * The same, for calls that change the process or read its document: an ended link refuses them with
 * its state, a used-up one with spec §8 'Número máximo de usos alcanzado'.
 */
export async function liveSignerAccess(processHexId: string, urlSign: string | null | undefined, ip: string): Promise<SignerAccess> {
  const access = await signerAccess(processHexId, urlSign, ip);
  if (access.state === "MAX_USES") throw new AppError("MAX_USES_REACHED");
  if (access.state)
    throw new AppError("LINK_ENDED", { state: access.state, status: access.signer.status, documentStatus: access.signer.document.status });
  return access;
}
