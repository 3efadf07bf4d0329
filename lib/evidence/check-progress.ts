import type { FaceComparison } from "./face-comparison";

type Message = { key: string; values?: Record<string, string> };

/** What a checked capture is, for the signer: the document's photos, a selfie or a video. */
function evidenceOf(kind: string): "ID_PHOTO" | "SELFIE" | "VIDEO" {
  if (kind === "VIDEO") return "VIDEO";
  if (kind === "SELFIE") return "SELFIE";
  return "ID_PHOTO";
}

/**
 * What /wait says while a capture's check runs (signing.faceCheck.* in the catalogs): what arrived
 * (the document's photos, a selfie, a video) and what it is being checked against (the document's
 * photo or an earlier selfie), so a signer who recorded a video is never told a photo arrived.
 */
export function checkProgressMessages(check: { kind: string; comparedWith: FaceComparison["targetKind"] }): {
  received: Message;
  comparing: Message;
} {
  const evidence = evidenceOf(check.kind);
  return {
    received: { key: `signing.faceCheck.received.${evidence}` },
    comparing: { key: `signing.faceCheck.comparing.${evidence}`, values: { target: check.comparedWith } },
  };
}
