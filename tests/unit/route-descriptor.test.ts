import { describe, expect, it } from "vitest";
import { routeDescriptor } from "@/lib/http/route-descriptor";

// /api/metrics labels HTTP latency with the route's pattern: one series per route, whatever the ids.
describe("routeDescriptor", () => {
  it("puts each parameter's name where its value stood", () => {
    expect(routeDescriptor("/api/documents/ab12/signers/77", { documentHexId: "ab12", signerId: "77" })).toBe(
      "/api/documents/[documentHexId]/signers/[signerId]",
    );
    expect(routeDescriptor("/api/health", {})).toBe("/api/health");
  });

  it("matches encoded segments by their decoded value", () => {
    expect(routeDescriptor("/api/system/getConfigValue/rubrica%20x", { name: "rubrica x" })).toBe("/api/system/getConfigValue/[name]");
  });

  it("takes a value equal to a fixed segment from the end, where parameters sit", () => {
    expect(routeDescriptor("/api/users/users", { id: "users" })).toBe("/api/users/[id]");
  });

  it("makes a catch-all's segments one [...name]", () => {
    expect(routeDescriptor("/api/no/such/route", { unknown: ["no", "such", "route"] })).toBe("/api/[...unknown]");
  });
});
