import { AppError } from "@/lib/errors/app-error";
import type { ErrorCode } from "@/lib/errors/codes";
import { toDbLanguage } from "@/lib/i18n/config";
import type { CreateContactInput } from "./schemas";

/** The e-mail and the phone given at creation become channels; the first one is the favourite. */
export function initialChannels(input: Pick<CreateContactInput, "email" | "phone">) {
  const channels = [
    ...(input.email ? [{ type: "EMAIL" as const, value: input.email }] : []),
    ...(input.phone ? [{ type: "SMS" as const, value: input.phone }] : []),
  ];
  return channels.map((channel, index) => ({ ...channel, favorite: index === 0 }));
}

/** API field names (spec §3: name, lastName...) to the contact's columns. */
export function contactData(input: Omit<CreateContactInput, "email" | "phone">) {
  return {
    firstName: input.name,
    lastName: input.lastName,
    country: input.country ?? null,
    identType: input.identType ?? null,
    identNumber: input.identNumber ?? null,
    fingerprintCode: input.fingerprintCode ?? null,
    preferredLanguage: toDbLanguage(input.preferredLanguage),
  };
}

/**
 * Writers outside this folder (signers saved as contacts) do not take the contacts lock; the
 * database's unique keys still hold, and their violation is the same catalogue error.
 */
export function asDuplicate(error: unknown, code: ErrorCode, field: string): never {
  if (error instanceof Error && "code" in error && error.code === "P2002") throw new AppError(code, { field });
  throw error;
}
