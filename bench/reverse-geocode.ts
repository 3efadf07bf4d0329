// Offline reverse geocoding cost: how long the city data takes to load and index, and how many lookups a
// second one core answers afterwards. No database, no network.
// Run: npx tsx bench/reverse-geocode.ts [lookups]
import { performance } from "node:perf_hooks";
import { loadOfflineGeocoder } from "@/lib/geo/offline-geocoder";
import { offlineReverseGeocode } from "@/lib/geo/reverse-geocode";

const lookups = Number(process.argv[2] ?? 200_000);

/** Park–Miller: the same points every run. */
function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

function rate(label: string, count: number, elapsedMs: number) {
  console.log(
    `${label.padEnd(40)} ${((elapsedMs / count) * 1000).toFixed(2).padStart(9)} µs/op ${Math.round((count / elapsedMs) * 1000)
      .toLocaleString("en-US")
      .padStart(12)} op/s`,
  );
}

async function main() {
  const held = () => {
    globalThis.gc?.();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const heldBefore = held();
  const loadStarted = performance.now();
  const geocoder = await loadOfflineGeocoder();
  const loadMs = performance.now() - loadStarted;
  const heldAfter = held();
  console.log(`cities indexed                           ${geocoder.size.toLocaleString("en-US")}`);
  console.log(`load + index                             ${loadMs.toFixed(0)} ms`);
  console.log(
    `memory held by the index                 ${((heldAfter - heldBefore) / 1024 / 1024).toFixed(1)} MiB${globalThis.gc ? "" : " (upper bound: run with node --expose-gc --import tsx)"}`,
  );

  // Points where people sign: near cities (most of them) and anywhere between 60° S and 75° N (sea included).
  const random = seeded(42);
  const points: [number, number][] = [];
  for (let i = 0; i < lookups; i++) points.push([random() * 135 - 60, random() * 360 - 180]);
  const landPoints: [number, number][] = [];
  for (let i = 0; i < lookups; i++) {
    const centres: [number, number][] = [
      [40.4168, -3.7038],
      [4.711, -74.0721],
      [19.4326, -99.1332],
      [-34.6037, -58.3816],
      [48.8566, 2.3522],
    ];
    const [lat, lon] = centres[i % centres.length]!;
    landPoints.push([lat + (random() - 0.5) * 0.8, lon + (random() - 0.5) * 0.8]);
  }

  let found = 0;
  let started = performance.now();
  for (const [lat, lon] of points) if (geocoder.nearest(lat, lon)) found++;
  rate(`nearest(), anywhere (${((found / lookups) * 100).toFixed(0)}% found)`, lookups, performance.now() - started);

  started = performance.now();
  for (const [lat, lon] of landPoints) geocoder.nearest(lat, lon);
  rate("nearest(), around big cities", lookups, performance.now() - started);

  const formatted = Math.min(lookups, 50_000);
  started = performance.now();
  for (let i = 0; i < formatted; i++) await offlineReverseGeocode(landPoints[i]![0], landPoints[i]![1], i % 2 ? "en-us" : "es-es");
  rate("offlineReverseGeocode() with formatting", formatted, performance.now() - started);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
