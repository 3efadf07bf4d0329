import type { ChannelType } from "@/lib/db/generated/enums";

export type ChannelSource = {
  email: string | null;
  cellPhone: string | null;
  contact: { channels: { type: ChannelType; favorite: boolean }[] } | null;
};

export type SignerChannel = { type: ChannelType; to: string };

/**
 * Where a signer's invitation goes: the kind of channel their contact marked favourite, with the
 * address the shipment holds; otherwise e-mail, then SMS. Null when the signer has neither.
 */
export function favouriteChannel(signer: ChannelSource): SignerChannel | null {
  const email = signer.email?.trim() || null;
  const phone = signer.cellPhone?.replace(/[^\d+]/g, "") || null;
  const favourite = signer.contact?.channels.find((channel) => channel.favorite)?.type;
  if (favourite === "SMS" && phone) return { type: "SMS", to: phone };
  if (email) return { type: "EMAIL", to: email };
  if (phone) return { type: "SMS", to: phone };
  return null;
}

/** The include that gives favouriteChannel what it reads. */
export const channelInclude = { contact: { select: { channels: { select: { type: true, favorite: true } } } } } as const;

/** A dispatch's columns as staff see them (the shipment's status and the dispatch list). */
export const deliveryColumns = {
  id: true,
  hexId: true,
  channel: true,
  kind: true,
  status: true,
  attempts: true,
  error: true,
  sentAt: true,
  createdAt: true,
} as const;
