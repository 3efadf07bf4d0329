import type { Prisma } from "@/lib/db/generated/client";
import type { ChannelType } from "@/lib/db/generated/enums";
import type { AuthContext } from "@/lib/auth/context";
import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { fromDbLanguage } from "@/lib/i18n/config";

// What every contact use case shares: the org-scoped lookup, the one API shape, and the write lock.

export const contactInclude = {
  channels: { orderBy: [{ favorite: "desc" }, { createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.ContactInclude;

export type ContactWithChannels = Prisma.ContactGetPayload<{ include: typeof contactInclude }>;

export type ChannelView = { channelHexId: string; type: ChannelType; value: string; favorite: boolean };

export type ContactView = {
  contactHexId: string;
  name: string;
  lastName: string;
  country: string | null;
  identType: string | null;
  identNumber: string | null;
  fingerprintCode: string | null;
  preferredLanguage: string;
  /** The favourite e-mail (or the first one), for lists and signer forms. */
  email: string | null;
  phone: string | null;
  favoriteChannel: ChannelView | null;
  channels: ChannelView[];
  createdAt: string;
  updatedAt: string;
};

function firstOf(channels: ChannelView[], type: ChannelType): string | null {
  return channels.find((c) => c.type === type)?.value ?? null;
}

export function toContactView(contact: ContactWithChannels): ContactView {
  const channels = contact.channels.map((c) => ({ channelHexId: c.hexId, type: c.type, value: c.value, favorite: c.favorite }));
  return {
    contactHexId: contact.hexId,
    name: contact.firstName,
    lastName: contact.lastName,
    country: contact.country,
    identType: contact.identType,
    identNumber: contact.identNumber,
    fingerprintCode: contact.fingerprintCode,
    preferredLanguage: fromDbLanguage(contact.preferredLanguage),
    email: firstOf(channels, "EMAIL"),
    phone: firstOf(channels, "SMS"),
    favoriteChannel: channels.find((c) => c.favorite) ?? null,
    channels,
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}

/** Contacts are addressed by hexId and only inside the caller's organisation: anything else is not found. */
export async function findContact(context: AuthContext, contactHexId: string, tx: Tx | typeof db = db): Promise<ContactWithChannels> {
  const contact = await tx.contact.findFirst({
    where: { hexId: contactHexId, organizationId: context.organizationId },
    include: contactInclude,
  });
  if (!contact) throw new AppError("NOT_FOUND");
  return contact;
}

export function findChannel(contact: ContactWithChannels, channelHexId: string) {
  const channel = contact.channels.find((c) => c.hexId === channelHexId);
  if (!channel) throw new AppError("NOT_FOUND");
  return channel;
}

/** Interactive transactions default to 5 s; an import of a few thousand rows needs longer. */
export const contactTransactionOptions = { maxWait: 10_000, timeout: 60_000 };
