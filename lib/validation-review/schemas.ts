import { z } from "zod";
import { idPhotoFacts, judgedFrame } from "@/lib/evidence/liveness-facts";
import { ProcessStatus } from "@/lib/db/generated/enums";
import { lineText } from "@/lib/validation/text";

// Staff review of validation processes (/seeValidation, GET/POST /api/validation-processes): the list's query,
// the decisions' input and the views the screen and integrators read. Messages are catalogue codes.

const statuses = Object.values(ProcessStatus) as [ProcessStatus, ...ProcessStatus[]];

export const processStatusSchema = z.enum(statuses, { error: "VALIDATION_FAILED" });

export const listValidationProcessesQuery = z.object({
  status: processStatusSchema.optional(),
  /** Only the processes started from this validation link. */
  validationHexId: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED")
    .optional(),
  q: lineText().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional(),
});

/** POST …/reject: the reason is required (it is shown in the trail and cannot be changed later). */
export const rejectValidationInput = z.object({
  reason: z.string({ error: "REJECTION_REASON_REQUIRED" }).trim().min(1, "REJECTION_REASON_REQUIRED").max(1000, "VALIDATION_FAILED"),
});

export const checksSummary = z.object({
  evidences: z.number(),
  verified: z.number(),
  failed: z.number(),
  inReview: z.number(),
  pending: z.number(),
  located: z.boolean(),
});

export const validationProcessRow = z.object({
  processHexId: z.string(),
  person: z.string().nullable(),
  identNumber: z.string().nullable(),
  validationHexId: z.string().nullable(),
  description: z.string().nullable(),
  flowName: z.string(),
  status: processStatusSchema,
  startedAt: z.string(),
  updatedAt: z.string(),
  checks: checksSummary,
});
export type ValidationProcessRow = z.infer<typeof validationProcessRow>;

export const validationProcessPage = z.object({
  _embedded: z.object({ validationProcesses: z.array(validationProcessRow) }),
  page: z.object({ size: z.number(), totalElements: z.number(), totalPages: z.number(), number: z.number() }),
  /** How many processes of the organisation (of the link, when one is asked) are in each status. */
  counts: z.record(z.string(), z.number()),
});
export type ValidationProcessPage = z.infer<typeof validationProcessPage>;

const stampingProof = z.object({
  status: z.string(),
  merkleRoot: z.string().nullable(),
  ethTrxid: z.string().nullable(),
  lacchainTx: z.string().nullable(),
  rolluxTx: z.string().nullable(),
  localTx: z.string().nullable(),
  linkLacchain: z.string().nullable(),
  linkRollux: z.string().nullable(),
  linkStamping: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});

export const reviewedEvidence = z.object({
  evidenceHexId: z.string(),
  kind: z.string(),
  check: z.string(),
  stepPosition: z.number().nullable(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
  /** Staff-only download of the stored file (an image or the video). */
  fileUrl: z.string(),
  /** Face comparison: the distance of the two faces and the threshold under which they match. */
  face: z
    .object({
      distance: z.number().nullable(),
      threshold: z.number().nullable(),
      result: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  /** Video: the digits the person had to read, and what the liveness check found. */
  video: z
    .object({
      digits: z.string().nullable(),
      result: z.string().nullable(),
      reasons: z.array(z.string()),
      matchedFrames: z.number().nullable(),
      frames: z.number().nullable(),
      minDistance: z.number().nullable(),
      movement: z.record(z.string(), z.unknown()).nullable().describe("What the liveness judge measured (head turns, mouth, voice)"),
      judgedFrames: z.array(judgedFrame).describe("Each frame the liveness judge looked at, in time order"),
      idPhoto: idPhotoFacts.nullable(),
    })
    .nullable(),
  /** The identity registry's answer (an EVIDENCE row of the registry check). */
  registry: z.object({ found: z.boolean().nullable(), nameMatches: z.boolean().nullable() }).nullable(),
  review: z.object({ decision: z.string(), reason: z.string().nullable(), at: z.string().nullable() }).nullable(),
  stamping: stampingProof.nullable(),
});
export type ReviewedEvidence = z.infer<typeof reviewedEvidence>;

export const reviewedLocation = z.object({
  timestamp: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  altitude: z.number().nullable(),
  displayName: z.string().nullable(),
  errorCode: z.number().nullable(),
  errorMessage: z.string().nullable(),
});
export type ReviewedLocation = z.infer<typeof reviewedLocation>;

export const validationProcessDetail = z.object({
  processHexId: z.string(),
  status: processStatusSchema,
  /** A decision is possible: the process waits in review. */
  decidable: z.boolean(),
  person: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    cellPhone: z.string().nullable(),
    country: z.string().nullable(),
    identType: z.string().nullable(),
    identNumber: z.string().nullable(),
    preferredLanguage: z.string(),
    dataCapturedAt: z.string().nullable(),
  }),
  link: z.object({ validationHexId: z.string(), description: z.string() }).nullable(),
  flow: z.object({ name: z.string(), steps: z.array(z.string()) }),
  currentStep: z.number(),
  attempts: z.number(),
  restarts: z.number(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  startedAt: z.string(),
  expirationDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  evidences: z.array(reviewedEvidence),
  locations: z.array(reviewedLocation),
  audit: z.array(z.object({ sequence: z.number(), type: z.string(), at: z.string(), payload: z.unknown() })),
  /** The validation certificate once sealed (lib/validation-process/certificate-job.ts), with its public verification page. */
  certificate: z.object({ certificateHexId: z.string(), sha256: z.string(), sealedAt: z.string(), verifyPath: z.string() }).nullable(),
});
export type ValidationProcessDetail = z.infer<typeof validationProcessDetail>;
