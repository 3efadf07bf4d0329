import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadOfflineGeocoder } from "@/lib/geo/offline-geocoder";

// Reverse geocoding of a signer's location (spec §3 location object, §7 reverse-geocoding call):
// offline city data by default, a Nominatim server when configured, offline again when that fails.

const MADRID = [40.4168, -3.7038] as const;
const BOGOTA = [4.711, -74.0721] as const;
const MID_ATLANTIC = [30.0, -40.0] as const;

type Mode = "ok" | "error500" | "unable" | "silent";
type Seen = { url: URL; headers: IncomingHttpHeaders };

// A stand-in for a Nominatim server on loopback, answering /reverse as Nominatim does.
let nominatim: Server;
let nominatimUrl: string;
let mode: Mode = "ok";
const seen: Seen[] = [];
const NOMINATIM_MADRID = "Puerta del Sol, Sol, Centro, Madrid, Comunidad de Madrid, 28013, España";

beforeAll(async () => {
  nominatim = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://nominatim.test");
    seen.push({ url, headers: request.headers });
    if (mode === "silent") return; // never answers: the client's timeout must end the wait
    if (mode === "error500") {
      response.writeHead(500, { "Content-Type": "text/html" }).end("<h1>Internal Server Error</h1>");
      return;
    }
    const body =
      mode === "unable"
        ? { error: "Unable to geocode" }
        : {
            place_id: 81371413,
            licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
            osm_type: "node",
            osm_id: 3663925537,
            lat: url.searchParams.get("lat"),
            lon: url.searchParams.get("lon"),
            category: "place",
            type: "square",
            place_rank: 25,
            importance: 0.4,
            addresstype: "square",
            name: "Puerta del Sol",
            display_name: NOMINATIM_MADRID,
            boundingbox: ["40.4163", "40.4172", "-3.7046", "-3.7028"],
          };
    response.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => nominatim.listen(0, "127.0.0.1", resolve));
  nominatimUrl = `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  nominatim.closeAllConnections();
  await new Promise<void>((resolve) => nominatim.close(() => resolve()));
});

// env() is read once per module load: each configuration gets the module afresh.
async function geocoderWith(variables: Record<string, string>) {
  vi.unstubAllEnvs();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  vi.resetModules();
  const { reverseGeocode } = await import("@/lib/geo/reverse-geocode");
  return reverseGeocode;
}

describe("reverse geocoding, offline (the default)", () => {
  it("names the city, region and country in the signer's language", async () => {
    const reverseGeocode = await geocoderWith({ GEOCODER: "" });
    const spanish = await reverseGeocode(...MADRID, "es-es");
    expect(spanish).toEqual({ displayName: expect.stringContaining("Madrid"), errorCode: null, errorMessage: null });
    expect(spanish.displayName).toMatch(/, España$/);
    const english = await reverseGeocode(...MADRID, "en-us");
    expect(english.displayName).toMatch(/^Madrid, .*Spain$/);
  });

  it("finds Bogotá", async () => {
    const reverseGeocode = await geocoderWith({ GEOCODER: "offline" });
    const result = await reverseGeocode(...BOGOTA, "es-es");
    expect(result.displayName).toContain("Bogotá");
    expect(result.displayName).toMatch(/Colombia$/);
  });

  it("names the suburb a point is in, not the capital next to it", async () => {
    const reverseGeocode = await geocoderWith({ GEOCODER: "offline" });
    expect((await reverseGeocode(40.3057, -3.7329, "es-es")).displayName).toMatch(/^Getafe, /);
  });

  it("looks across the antimeridian", async () => {
    const reverseGeocode = await geocoderWith({ GEOCODER: "offline" });
    // Beringovskiy lies at 179.31° E, about 38 km from this point at 179.95° W.
    expect((await reverseGeocode(63.07, -179.95, "en-us")).displayName).toMatch(/^Beringovskiy, .*Russia$/);
  });

  it("gives the error fields in the middle of the Atlantic", async () => {
    const reverseGeocode = await geocoderWith({ GEOCODER: "offline" });
    const result = await reverseGeocode(...MID_ATLANTIC, "es-es");
    expect(result.displayName).toBeNull();
    expect(result.errorCode).toBe(404);
    expect(result.errorMessage).toEqual(expect.any(String));
    expect(result.errorMessage).not.toBe("");
  });

  it("refuses coordinates off the globe", async () => {
    const reverseGeocode = await geocoderWith({ GEOCODER: "offline" });
    expect(await reverseGeocode(91, 0, "en-us")).toMatchObject({ displayName: null, errorCode: 400 });
    expect(await reverseGeocode(Number.NaN, 0, "en-us")).toMatchObject({ displayName: null, errorCode: 400 });
  });

  it("answers a lookup in under a millisecond once loaded", async () => {
    const geocoder = await loadOfflineGeocoder();
    expect(geocoder.size).toBeGreaterThan(10_000);
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const lookups = 5_000;
    const started = performance.now();
    for (let i = 0; i < lookups; i++) geocoder.nearest(random() * 140 - 60, random() * 360 - 180);
    expect((performance.now() - started) / lookups).toBeLessThan(1);
  });
});

describe("reverse geocoding through Nominatim", () => {
  const config = () => ({ GEOCODER: "nominatim", NOMINATIM_URL: nominatimUrl, NOMINATIM_TIMEOUT_MS: "400" });

  it("returns Nominatim's address, asking in the signer's language with a User-Agent", async () => {
    mode = "ok";
    seen.length = 0;
    const reverseGeocode = await geocoderWith(config());
    expect(await reverseGeocode(...MADRID, "es-es")).toEqual({ displayName: NOMINATIM_MADRID, errorCode: null, errorMessage: null });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.url.pathname).toBe("/reverse");
    expect(Object.fromEntries(request!.url.searchParams)).toMatchObject({
      format: "jsonv2",
      lat: "40.4168",
      lon: "-3.7038",
      "accept-language": "es-ES",
    });
    expect(request!.headers["user-agent"]).toMatch(/^rubrica\//);
  });

  it("passes on Nominatim's 'Unable to geocode' as no address", async () => {
    mode = "unable";
    const reverseGeocode = await geocoderWith(config());
    expect(await reverseGeocode(...MID_ATLANTIC, "en-us")).toMatchObject({ displayName: null, errorCode: 404 });
  });

  it("falls back to the offline data when Nominatim answers 500", async () => {
    mode = "error500";
    seen.length = 0;
    const reverseGeocode = await geocoderWith(config());
    const result = await reverseGeocode(...MADRID, "es-es");
    expect(seen).toHaveLength(1);
    expect(result).toEqual({ displayName: expect.stringMatching(/^Madrid, .*España$/), errorCode: null, errorMessage: null });
  });

  it("falls back to the offline data when Nominatim does not answer in time", async () => {
    mode = "silent";
    const reverseGeocode = await geocoderWith(config());
    await reverseGeocode(...MADRID, "es-es"); // loads the offline data, which the timing below should not count
    const started = performance.now();
    const result = await reverseGeocode(...BOGOTA, "es-es");
    expect(result.displayName).toContain("Bogotá");
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("falls back to the offline data when nothing listens at NOMINATIM_URL", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const reverseGeocode = await geocoderWith({ GEOCODER: "nominatim", NOMINATIM_URL: `http://127.0.0.1:${port}` });
    expect((await reverseGeocode(...MADRID, "en-us")).displayName).toMatch(/^Madrid, .*Spain$/);
  });
});
