import { describe, expect, it } from "vitest";
import {
  duplicateSignerIndex,
  minSignersViolation,
  notificationDatesViolation,
  orderRequirement,
  orderSatisfied,
  sendingViolation,
  type DraftSnapshot,
} from "@/lib/documents/sending-rules";

const now = new Date("2030-01-01T00:00:00Z");
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

const ready: DraftSnapshot = {
  title: "Contrato",
  description: "Servicios",
  expirationDate: later(10),
  fileCount: 1,
  signers: [
    { position: 1, email: "a@example.test", cellPhone: null },
    { position: 2, email: null, cellPhone: "+34600000001" },
  ],
  orders: [
    { position: 1, minSigners: 1 },
    { position: 2, minSigners: 1 },
  ],
  notifications: [{ sendAt: later(2) }],
  flow: { active: true, kind: "SIGNATURE" },
};

const code = (draft: Partial<DraftSnapshot>) => sendingViolation({ ...ready, ...draft }, now)?.code ?? null;

describe("sending rules", () => {
  it("accepts a complete draft", () => {
    expect(code({})).toBeNull();
  });

  it("names the first rule broken, in the screen's order", () => {
    expect(code({ title: " " })).toBe("SHIPMENT_DATA_REQUIRED");
    expect(code({ description: null })).toBe("SHIPMENT_DATA_REQUIRED");
    expect(code({ expirationDate: null })).toBe("SHIPMENT_DATA_REQUIRED");
    expect(code({ expirationDate: now })).toBe("SHIPMENT_EXPIRATION_INVALID");
    expect(code({ fileCount: 0, signers: [] })).toBe("SHIPMENT_FILE_REQUIRED");
    expect(code({ signers: [] })).toBe("SHIPMENT_SIGNER_REQUIRED");
    expect(code({ orders: [{ position: 1, minSigners: 1 }] })).toBe("SHIPMENT_MIN_SIGNERS_INVALID");
    expect(code({ signers: [ready.signers[0]!, { position: 2, email: "A@example.test", cellPhone: null }] })).toBe(
      "SHIPMENT_SIGNER_DUPLICATE",
    );
    expect(code({ notifications: [{ sendAt: later(11) }] })).toBe("SHIPMENT_NOTIFICATION_DATE_INVALID");
    expect(code({ signers: [ready.signers[0]!, { position: 2, email: null, cellPhone: null }] })).toBe("SHIPMENT_SIGNER_CHANNEL_REQUIRED");
    expect(code({ flow: null })).toBe("SHIPMENT_FLOW_INVALID");
    expect(code({ flow: { active: false, kind: "SIGNATURE" } })).toBe("SHIPMENT_FLOW_INVALID");
    expect(code({ flow: { active: true, kind: "VALIDATION" } })).toBe("SHIPMENT_FLOW_INVALID");
  });

  it("checks each order's minimum: whole, not zero, not above its signers, one per order", () => {
    const signers = [{ position: 1 }, { position: 1 }];
    expect(minSignersViolation(signers, [{ position: 1, minSigners: 2 }])).toBeNull();
    expect(minSignersViolation(signers, [{ position: 1, minSigners: 0 }])?.meta).toEqual({ order: 1 });
    expect(minSignersViolation(signers, [{ position: 1, minSigners: 3 }])).not.toBeNull();
    expect(minSignersViolation(signers, [{ position: 1, minSigners: 1.5 }])).not.toBeNull();
    expect(minSignersViolation(signers, [])).not.toBeNull();
    expect(
      minSignersViolation(signers, [
        { position: 1, minSigners: 1 },
        { position: 1, minSigners: 1 },
      ]),
    ).not.toBeNull();
    expect(
      minSignersViolation(signers, [
        { position: 1, minSigners: 1 },
        { position: 2, minSigners: 1 },
      ])?.meta,
    ).toEqual({ order: 2 });
  });

  it("finds duplicates by e-mail without case and by phone digits", () => {
    expect(
      duplicateSignerIndex([
        { email: "x@e.test", cellPhone: null },
        { email: "X@E.TEST", cellPhone: null },
      ]),
    ).toBe(1);
    expect(
      duplicateSignerIndex([
        { email: null, cellPhone: "+34 600 000 001" },
        { email: "y@e.test", cellPhone: "+34600000001" },
      ]),
    ).toBe(1);
    expect(
      duplicateSignerIndex([
        { email: "x@e.test", cellPhone: null },
        { email: null, cellPhone: "+34600000001" },
      ]),
    ).toBeNull();
  });

  it("needs the expiration before any notification date", () => {
    expect(notificationDatesViolation([], null, now)).toBeNull();
    expect(notificationDatesViolation([later(1)], null, now)?.code).toBe("SHIPMENT_EXPIRATION_FIRST");
    expect(notificationDatesViolation([new Date("nope")], later(5), now)?.code).toBe("SHIPMENT_NOTIFICATION_DATE_INVALID");
  });
});

describe("an order's minimum and its mandatory signers", () => {
  const mandatory = { mandatory: true };
  const optional = { mandatory: false };

  it("says that 1 of 2 with both mandatory (the default) waits for both, and that unmarking makes 1 enough", () => {
    expect(orderRequirement([mandatory, mandatory], 1)).toEqual({ count: 2, minimum: 1, mandatory: 2, needed: 2, contradicts: true });
    expect(orderRequirement([optional, optional], 1)).toEqual({ count: 2, minimum: 1, mandatory: 0, needed: 1, contradicts: false });
    expect(orderRequirement([mandatory, optional, optional], 2)).toMatchObject({ needed: 2, contradicts: false });
    expect(orderRequirement([mandatory, mandatory, optional], 2)).toMatchObject({ needed: 2, contradicts: false });
  });

  it("is the rule the shipment follows: what the screen says is needed is exactly what completes the order", () => {
    const cases: { marks: boolean[]; minimum: number }[] = [
      { marks: [true, true], minimum: 1 },
      { marks: [false, false], minimum: 1 },
      { marks: [true, false, false], minimum: 2 },
      { marks: [true, true, false], minimum: 1 },
    ];
    for (const { marks, minimum } of cases) {
      const { needed } = orderRequirement(
        marks.map((m) => ({ mandatory: m })),
        minimum,
      );
      // Fewest signatures that complete the order, trying every subset of signers.
      let fewest = Infinity;
      for (let subset = 0; subset < 1 << marks.length; subset++) {
        const signers = marks.map((m, i) => ({ mandatory: m, status: subset & (1 << i) ? "COMPLETED" : "PENDING" }));
        if (orderSatisfied(signers, minimum)) fewest = Math.min(fewest, signers.filter((s) => s.status === "COMPLETED").length);
      }
      expect(fewest).toBe(needed);
    }
  });
});
