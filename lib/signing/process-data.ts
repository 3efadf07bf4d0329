import { cached } from "@/lib/config/cache";
import { captureConfigKeys, configDefaults, getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { fromDbLanguage } from "@/lib/i18n/config";
import { lastCheckAmong, lastCheckOf } from "@/lib/evidence/face-comparison";
import { type SignerAccess, signerAccess, type SignerRecord } from "./signer-access";
import { signerRound } from "./signer-identity";
import { asksForLocation, processPagePath, signerStepPages } from "./steps";

/** The name getFileByName answers the organisation's logo to (spec §7 GET /signprocess/getFileByName/{name}). */
export function logoFileName(organizationHexId: string): string {
  return `logo-${organizationHexId}`;
}

/** An integrator's callback URL as a signer may see it: no query, fragment or credentials, which may hold tokens. */
function publicPart(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return null;
  }
}

/** The page a live process continues on: its current step, or the end when every step is done. */
export function currentPage(access: SignerAccess): string {
  if (access.signer.status === "ATTEMPTS_EXHAUSTED") return "finishedAttempts";
  const step = access.steps[access.signer.currentStep];
  return step ? signerStepPages[step.type] : "full-process";
}

/** Every identification type (reference data, a few rows per country), in id order. */
function identTypes() {
  return cached("ident-types", () =>
    db.identType.findMany({ orderBy: { id: "asc" }, select: { code: true, name: true, country: { select: { code: true } } } }),
  );
}

async function identName(signer: SignerRecord): Promise<string | null> {
  if (!signer.identType) return null;
  const type = (await identTypes()).find((t) => t.code === signer.identType && (!signer.country || t.country.code === signer.country));
  return type?.name ?? signer.identType;
}

/**
 * GET /signprocess/getSignatureProcess/{id}: the signature process data of spec §3 for a live link
 * (result 1). An ended or used-up link gets result 2: only the organisation's name and logo, the
 * invalid flag, and which state ended it, so its page can say what happened. A wrong or missing
 * secret learns nothing, not even that the process exists: INVALID_LINK, as an unknown id.
 */
export async function getSignatureProcess(processHexId: string, urlSign: string | null, ip: string) {
  return signatureProcessOf(await signerAccess(processHexId, urlSign, ip));
}

export async function signatureProcessOf(access: SignerAccess) {
  const { signer, state } = access;
  const { document } = signer;
  const organization = document.organization;
  const brand = { nameOrganization: organization.name, logoOrganization: logoFileName(organization.hexId) };
  if (state) return { result: 2 as const, invalid: true, linkState: state, data: brand };

  const flow = document.flow;
  const config = await getConfigValues(organization.id, captureConfigKeys);
  const idStep = access.steps.find((s) => s.type === "ID_PHOTO");
  return {
    result: 1 as const,
    invalid: false,
    data: {
      processHexId: signer.hexId,
      callBackUrl: publicPart(document.callBackUrl),
      callBackUrlSoftFail: publicPart(document.callBackUrlSoftFail),
      FirstNameSignee: signer.firstName,
      lastNameSignee: signer.lastName,
      documentName: document.title,
      nameSender: document.sender ? `${document.sender.firstName} ${document.sender.lastName}` : organization.name,
      ...brand,
      cellPhone: signer.cellPhone,
      userId: null,
      identName: await identName(signer),
      identNumber: signer.identNumber,
      email: signer.email,
      identType: signer.identType,
      userRegistered: signer.contactId !== null,
      contactHexId: signer.contact?.hexId ?? null,
      country: signer.country,
      // The country data-confirm proposes: the signer's when known, else their organisation's.
      defaultCountry: signer.country ?? organization.country,
      documentHexId: document.hexId,
      documentStatus: document.status,
      status: signer.status,
      statusId: signer.status,
      termsAccepted: signer.termsAccepted,
      hasCRI: access.steps.some((s) => s.validateWithAuthority),
      askForUseCRI: false,
      preferredLanguage: fromDbLanguage(signer.preferredLanguage),
      stepOrder: access.steps.map((s) => signerStepPages[s.type]),
      currentStep: signer.currentStep,
      nextPage: currentPage(access),
      hasRear: idStep?.documentType?.hasRear ?? true,
      geolocateSigners: flow ? asksForLocation(flow) : false,
      obligatoryGeolocation: flow?.obligatoryGeolocation ?? false,
      userIdCardActive: access.steps.some((s) => s.type === "ID_PHOTO"),
      userIdSelfieActive: access.steps.some((s) => s.type === "SELFIE"),
      description: document.description,
      expirationDate: document.expirationDate?.toISOString() ?? null,
      canReject: signer.canReject,
      mandatory: signer.mandatory,
      files: document.files.map((f) => ({ fileHexId: f.hexId, fileName: f.fileName, pages: f.pages })),
      captureConfig: config,
      linkUses: signer.uses,
      maxLinkUses: access.maxUses ?? Number(configDefaults.max_link_uses),
      // The current step's latest checked capture (a selfie compared with the ID photo): PENDING while
      // its check runs, then VERIFIED or FAILED with the reason; null on steps without a check.
      // Read with the signer when the access came from their link (one statement in all); read here otherwise.
      lastCheck: access.latestChecks
        ? lastCheckAmong(access.latestChecks, access.steps[signer.currentStep], flow?.steps ?? [])
        : await lastCheckOf(db, signerRound(signer), access.steps[signer.currentStep], flow?.steps ?? []),
    },
  };
}

export type SignatureProcessData = Extract<Awaited<ReturnType<typeof signatureProcessOf>>, { result: 1 }>["data"];

export function continuePath(access: SignerAccess, urlSign: string): string {
  return processPagePath(currentPage(access), urlSign, access.signer.hexId);
}
