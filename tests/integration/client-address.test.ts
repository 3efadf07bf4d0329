import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getSignatureProcess } from "@/app/api/signprocess/getSignatureProcess/[id]/route";
import { requestMeta } from "@/lib/http/request";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { clientAddressHeaders, sendRequest } from "../support/http";
import { createSentShipment } from "../support/signing";

// The address rate limits and the audit trail use is the one our server hands over (server.ts), never the
// X-Forwarded-For a client writes. The same through the real server: tests/e2e/client-address.spec.ts.

let org: TestOrganization;
beforeAll(async () => {
  org = await createTestOrganization();
});

describe("the client address of a request", () => {
  it("is not what X-Forwarded-For or X-Real-IP say", () => {
    const meta = requestMeta(new Headers({ "x-forwarded-for": "198.51.100.7", "x-real-ip": "198.51.100.8" }));
    expect(meta.ip).not.toBe("198.51.100.7");
    expect(meta.ip).not.toBe("198.51.100.8");
    expect(requestMeta(new Headers({ ...clientAddressHeaders("203.0.113.44"), "x-forwarded-for": "198.51.100.7" })).ip).toBe(
      "203.0.113.44",
    );
  });

  it("is not believed from a handed-over header without this process's token", () => {
    expect(requestMeta(new Headers({ "x-rubrica-client-address": "forged 198.51.100.9" })).ip).not.toBe("198.51.100.9");
    expect(requestMeta(new Headers({ "x-rubrica-client-address": "198.51.100.9" })).ip).not.toBe("198.51.100.9");
  });

  it("limits link-secret guessing per connection: 35 wrong secrets under rotating forged headers end in 429", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const statuses: number[] = [];
    for (let n = 0; n < 35; n++) {
      const request = new NextRequest(`http://127.0.0.1:3000/api/signprocess/getSignatureProcess/${signers[0]!.hexId}`, {
        headers: {
          ...clientAddressHeaders("203.0.113.201"),
          "x-url-sign": randomBytes(16).toString("hex"),
          "x-forwarded-for": `198.51.100.${n + 1}`,
          "x-real-ip": `192.0.2.${n + 1}`,
        },
      });
      statuses.push((await sendRequest(getSignatureProcess, request)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });
});
