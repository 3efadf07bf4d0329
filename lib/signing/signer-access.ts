import { timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { sha256Hex } from "@/lib/security/random";
import { type LinkState, signerLinkState } from "./link-state";
import { type SignerStepType, signerSteps } from "./steps";

const hex32 = /^[0-9a-f]{32}$/;

export const signerAccessInclude = {
  document: {
    include: {
      organization: { select: { id: true, hexId: true, name: true, logoFileName: true, timezone: true } },
      sender: { select: { firstName: true, lastName: true, email: true } },
      flow: { include: { steps: { include: { documentType: { select: { name: true, hasRear: true } } } } } },
      files: { orderBy: { id: "asc" as const }, select: { hexId: true, fileName: true, pages: true, size: true, sha256: true } },
    },
  },
  contact: { select: { hexId: true } },
} as const;

async function findSigner(processHexId: string) {
  return db.signer.findUnique({ where: { hexId: processHexId }, include: signerAccessInclude });
}

export type SignerRecord = NonNullable<Awaited<ReturnType<typeof findSigner>>>;

type FlowStepRecord = NonNullable<SignerRecord["document"]["flow"]>["steps"][number];

export type SignerAccess = {
  signer: SignerRecord;
  /** Null while the link can be used; otherwise the spec §4 state that ended it. */
  state: LinkState | null;
  steps: (FlowStepRecord & { type: SignerStepType })[];
};

function secretMatches(urlSign: string, storedHash: string | null): boolean {
  if (!storedHash || !hex32.test(urlSign)) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(urlSign), "hex"), Buffer.from(storedHash, "hex"));
}

/**
 * The signer behind a link, when its secret matches. A wrong or superseded secret is answered
 * exactly like an unknown process, and failures are rate-limited per client address so that link
 * secrets cannot be guessed.
 */
export async function signerAccess(processHexId: string, urlSign: string | null | undefined, ip: string): Promise<SignerAccess> {
  const { signer, secretOk } = await signerByLink(processHexId, urlSign, ip);
  if (!secretOk) throw new AppError("INVALID_LINK");
  return accessOf(signer);
}

/**
 * The process behind a link whatever its secret says: a superseded link (a newer invitation went
 * out) still learns whose process it was, so its page can name the organisation. Unknown processes
 * and wrong secrets count against the caller's address.
 */
export async function signerByLink(
  processHexId: string,
  urlSign: string | null | undefined,
  ip: string,
): Promise<{ signer: SignerRecord; secretOk: boolean }> {
  const signer = hex32.test(processHexId) ? await findSigner(processHexId) : null;
  const secretOk = Boolean(signer && urlSign && secretMatches(urlSign, signer.urlSignHash));
  if (!secretOk) await enforceRateLimit(`sign-link:ip:${ip}`, 30, 600);
  if (!signer) throw new AppError("INVALID_LINK");
  return { signer, secretOk };
}

export function accessOf(signer: SignerRecord): SignerAccess {
  return {
    signer,
    state: signerLinkState(signer.status, signer.document.status),
    steps: signerSteps(signer.document.flow?.steps ?? []),
  };
}

/** The same, for calls that change the process: an ended link refuses them with its state. */
export async function liveSignerAccess(processHexId: string, urlSign: string | null | undefined, ip: string): Promise<SignerAccess> {
  const access = await signerAccess(processHexId, urlSign, ip);
  if (access.state)
    throw new AppError("LINK_ENDED", { state: access.state, status: access.signer.status, documentStatus: access.signer.document.status });
  return access;
}
