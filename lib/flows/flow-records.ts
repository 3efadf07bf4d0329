import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { comparesFace, type FlowIssue, type FlowStepInput } from "./flow-schemas";

// What the flow use cases share: how a flow is read, shown, checked for use and its steps written.

export const flowInclude = {
  createdBy: { select: { firstName: true, lastName: true } },
  steps: { orderBy: { position: "asc" }, include: { documentType: { select: { hexId: true, name: true } } } },
  _count: { select: { documents: true, validationLinks: true, validationProcesses: true } },
} satisfies Prisma.FlowInclude;

export type FlowRecord = Prisma.FlowGetPayload<{ include: typeof flowInclude }>;

export type FlowStepView = {
  position: number;
  type: string;
  compareFace: boolean;
  compareWithPosition: number | null;
  compareTarget: string | null;
  documentTypeHexId: string | null;
  documentTypeName: string | null;
  expiryMinutes: number | null;
  maxAttempts: number | null;
  validateWithAuthority: boolean;
};

export type FlowView = {
  flowHexId: string;
  name: string;
  kind: string;
  createdBy: string | null;
  creationDate: string;
  active: boolean;
  isDefault: boolean;
  /** Referenced by a shipment, a validation link or a validation process: no longer editable. */
  inUse: boolean;
  expirationDays: number;
  geolocateSigners: boolean;
  obligatoryGeolocation: boolean;
  steps: FlowStepView[];
};

export function usageCount(flow: FlowRecord): number {
  return flow._count.documents + flow._count.validationLinks + flow._count.validationProcesses;
}

export function toFlowView(flow: FlowRecord): FlowView {
  return {
    flowHexId: flow.hexId,
    name: flow.name,
    kind: flow.kind,
    createdBy: flow.createdBy ? `${flow.createdBy.firstName} ${flow.createdBy.lastName}` : null,
    creationDate: flow.creationDate.toISOString(),
    active: flow.active,
    isDefault: flow.isDefault,
    inUse: usageCount(flow) > 0,
    expirationDays: flow.expirationDays,
    geolocateSigners: flow.geolocateSigners,
    obligatoryGeolocation: flow.obligatoryGeolocation,
    steps: flow.steps.map((step) => ({
      position: step.position,
      type: step.type,
      compareFace: step.compareWithPosition !== null || step.compareTarget !== null,
      compareWithPosition: step.compareWithPosition,
      compareTarget: step.compareTarget,
      documentTypeHexId: step.documentType?.hexId ?? null,
      documentTypeName: step.documentType?.name ?? null,
      expiryMinutes: step.expiryMinutes,
      maxAttempts: step.maxAttempts,
      validateWithAuthority: step.validateWithAuthority,
    })),
  };
}

/** A flow of the caller's organisation; another organisation's flow does not exist for them. */
export async function findFlow(organizationId: number, hexId: string, tx: Tx | typeof db = db): Promise<FlowRecord> {
  const flow = await tx.flow.findFirst({ where: { hexId, organizationId }, include: flowInclude });
  if (!flow) throw new AppError("NOT_FOUND");
  return flow;
}

/**
 * Locks the flow's row before reading whether it is used: a shipment or link created meanwhile
 * takes a key-share lock on the same row, so it either commits first and is counted, or waits.
 */
export async function findFlowForUpdate(tx: Tx, organizationId: number, hexId: string): Promise<FlowRecord> {
  await tx.$executeRaw`SELECT id FROM "Flow" WHERE "hexId" = ${hexId} AND "organizationId" = ${organizationId} FOR UPDATE`;
  return findFlow(organizationId, hexId, tx);
}

export function throwFirstIssue(issues: readonly FlowIssue[]): void {
  const issue = issues[0];
  if (issue) throw new AppError(issue.code, { field: issue.field, min: issue.min, max: issue.max });
}

/**
 * Step rows from checked input: positions follow the list order, document types are resolved
 * inside the organisation (a type of another organisation is an invalid setting).
 */
export async function stepRows(
  tx: Tx,
  organizationId: number,
  steps: readonly FlowStepInput[],
): Promise<Prisma.FlowStepCreateWithoutFlowInput[]> {
  const hexIds = [...new Set(steps.map((step) => step.documentTypeHexId).filter((hexId): hexId is string => !!hexId))];
  const types = hexIds.length
    ? await tx.documentType.findMany({ where: { organizationId, hexId: { in: hexIds } }, select: { id: true, hexId: true } })
    : [];
  return steps.map((step, index) => {
    const documentType = step.documentTypeHexId ? types.find((type) => type.hexId === step.documentTypeHexId) : undefined;
    if (step.documentTypeHexId && !documentType) throw new AppError("FLOW_INVALID_CONFIG", { field: `steps.${index}.documentTypeHexId` });
    const compare = comparesFace(step);
    return {
      position: index + 1,
      type: step.type,
      compareWithPosition: compare ? (step.compareWithPosition ?? null) : null,
      compareTarget: compare ? (step.compareTarget ?? null) : null,
      documentType: documentType ? { connect: { id: documentType.id } } : undefined,
      expiryMinutes: step.expiryMinutes ?? null,
      maxAttempts: step.maxAttempts ?? null,
      validateWithAuthority: step.validateWithAuthority ?? false,
    };
  });
}

/** Stored steps back in the input shape, to check a stored flow with the same rules. */
export function storedSteps(flow: FlowRecord): FlowStepInput[] {
  return toFlowView(flow).steps.map((step) => ({
    type: step.type as FlowStepInput["type"],
    compareFace: step.compareFace,
    compareWithPosition: step.compareWithPosition,
    compareTarget: step.compareTarget as FlowStepInput["compareTarget"],
    documentTypeHexId: step.documentTypeHexId,
    expiryMinutes: step.expiryMinutes,
    maxAttempts: step.maxAttempts,
    validateWithAuthority: step.validateWithAuthority,
  }));
}
