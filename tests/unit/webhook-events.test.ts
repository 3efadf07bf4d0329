import { describe, expect, it } from "vitest";
import { DocumentStatus, ProcessStatus } from "@/lib/db/generated/enums";
import { documentStatuses, processStatuses, webhookEnvelopeOf, webhookEvents } from "@/lib/webhooks/events";

// The webhook payloads' statuses are written out for the browser's bundle (lib/webhooks/events.ts imports no server
// code): they must stay the database's.
describe("webhook event payloads", () => {
  it("name exactly the database's statuses", () => {
    expect([...documentStatuses].sort()).toEqual(Object.values(DocumentStatus).sort());
    expect([...processStatuses].sort()).toEqual(Object.values(ProcessStatus).sort());
  });

  it("carry each family's record: a shipment, a signer of one, or a validation process, and nothing else", () => {
    const at = { eventHexId: "0a1b2c3d4e5f60718293a4b5c6d7e8f9", createdAt: "2026-11-26T09:00:00.000Z" };
    for (const event of webhookEvents) {
      const family = event.split(".")[0];
      const data =
        family === "document"
          ? { documentHexId: "d", status: "SENT" }
          : family === "signer"
            ? { documentHexId: "d", signerHexId: "s", status: "COMPLETED" }
            : { processHexId: "p", status: "COMPLETED" };
      expect(webhookEnvelopeOf(event).safeParse({ ...at, type: event, data }).success, event).toBe(true);
      expect(webhookEnvelopeOf(event).safeParse({ ...at, type: event, data: { ...data, extra: 1 } }).success, event).toBe(false);
    }
    // A signer is signerHexId, as everywhere else in the API; the validation process alone keeps spec §3's processHexId.
    const signerData = { documentHexId: "d", processHexId: "s", status: "COMPLETED" };
    expect(webhookEnvelopeOf("signer.completed").safeParse({ ...at, type: "signer.completed", data: signerData }).success).toBe(false);
    expect(
      webhookEnvelopeOf("document.sent").safeParse({ ...at, type: "signer.started", data: { documentHexId: "d", status: "SENT" } }).success,
    ).toBe(false);
  });
});
