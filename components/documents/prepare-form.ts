import { z } from "zod";
import { contactSignerInput, draftDataInput, newSignerInput, setNotificationsInput } from "@/lib/documents/draft-schemas";
import type { DraftView } from "@/lib/documents/draft-records";
import { toZonedInput } from "@/lib/i18n/zoned-time";

// The preparation screen's one form: the server's draft schemas plus what the rows need to show.

export type SignerValues = {
  kind: "contact" | "new";
  contactHexId: string;
  firstName: string;
  lastName: string;
  email: string;
  cellPhone: string;
  preferredLanguage: "es-es" | "en-us";
  position: string;
  mandatory: boolean;
  canReject: boolean;
};

export type PrepareValues = {
  title: string;
  description: string;
  /** A datetime-local value on the organisation's clocks (sent as typed; the server reads it in that zone). */
  expirationDate: string;
  flowHexId: string;
  tags: string[];
  signers: SignerValues[];
  /** Minimum signers by order, keyed `o<position>` (a bare number would make react-hook-form build an array). */
  minimums: Record<string, string>;
  notifications: { sendAt: string }[];
};

const signerRow = z.discriminatedUnion("kind", [
  contactSignerInput.extend({ kind: z.literal("contact") }),
  newSignerInput.safeExtend({ kind: z.literal("new") }),
]);

export const prepareSchema = draftDataInput
  .pick({ title: true, description: true, expirationDate: true, flowHexId: true, tags: true })
  .extend({
    signers: z.array(signerRow).max(100, "VALIDATION_FAILED"),
    minimums: z.record(z.string(), z.string()),
    notifications: setNotificationsInput.shape.notifications,
  });

export type PrepareOutput = z.output<typeof prepareSchema>;

export const minimumKey = (position: number) => `o${position}`;

/** An instant as a datetime-local value on the organisation's clocks; "" for none. */
export function toLocalInput(iso: string | null, timeZone: string): string {
  return toZonedInput(iso, timeZone);
}

export function emptySigner(kind: SignerValues["kind"], position: number): SignerValues {
  return {
    kind,
    contactHexId: "",
    firstName: "",
    lastName: "",
    email: "",
    cellPhone: "",
    preferredLanguage: "es-es",
    position: String(position),
    mandatory: true,
    canReject: true,
  };
}

export function valuesOf(draft: DraftView | null, defaultFlowHexId: string, timeZone: string): PrepareValues {
  if (!draft)
    return {
      title: "",
      description: "",
      expirationDate: "",
      flowHexId: defaultFlowHexId,
      tags: [],
      signers: [],
      minimums: {},
      notifications: [],
    };
  return {
    title: draft.title,
    description: draft.description ?? "",
    expirationDate: toLocalInput(draft.expirationDate, timeZone),
    flowHexId: draft.flow?.flowHexId ?? "",
    tags: draft.tags,
    signers: draft.signers.map((s) => ({
      kind: s.contactHexId ? "contact" : "new",
      contactHexId: s.contactHexId ?? "",
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email ?? "",
      cellPhone: s.cellPhone ?? "",
      preferredLanguage: s.preferredLanguage === "en-us" ? "en-us" : "es-es",
      position: String(s.position),
      mandatory: s.mandatory,
      canReject: s.canReject,
    })),
    minimums: Object.fromEntries(draft.orders.map((o) => [minimumKey(o.position), String(o.minSigners)])),
    notifications: draft.notifications.map((n) => ({ sendAt: toLocalInput(n.sendAt, timeZone) })),
  };
}

/** The distinct orders the signers use, ascending; an unreadable order is left to validation. */
export function positionsOf(signers: readonly { position: string | number }[]): number[] {
  const numbers = signers.map((s) => Number(s.position)).filter((p) => Number.isInteger(p) && p > 0);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The three request bodies a save sends, in the order the server needs them (data before dates that depend on it). */
export function requestBodies(values: PrepareOutput) {
  const { signers, minimums, notifications, ...data } = values;
  const rows = signers.map((row) =>
    row.kind === "contact"
      ? { contactHexId: row.contactHexId, position: row.position, mandatory: row.mandatory, canReject: row.canReject }
      : {
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          cellPhone: row.cellPhone,
          preferredLanguage: row.preferredLanguage,
          position: row.position,
          mandatory: row.mandatory,
          canReject: row.canReject,
        },
  );
  const orders = positionsOf(signers).map((position) => ({ position, minSigners: minimums[minimumKey(position)] ?? "1" }));
  return { data, signers: { signers: rows, orders }, notifications: { notifications } };
}

const dataFields = ["title", "description", "expirationDate", "flowHexId", "tags"];

/** Whether a server error's meta.field names one of this form's inputs. */
export function isFormField(field: unknown): field is string {
  if (typeof field !== "string") return false;
  const [head = ""] = field.split(".");
  return dataFields.includes(head) || ((head === "signers" || head === "notifications") && field.includes("."));
}
