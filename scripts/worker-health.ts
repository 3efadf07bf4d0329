import "dotenv/config";
import { hostname } from "node:os";
import { liveWorkerIds } from "@/lib/health/heartbeat";
import { redis } from "@/lib/queue/redis";

// The worker container's healthcheck (docker-compose.yml): healthy while a worker of this host (the container)
// has beaten in Redis recently (lib/health/heartbeat.ts). Exit 0 healthy, 1 not.
const timer = setTimeout(() => process.exit(1), 15_000);
try {
  const ids = await liveWorkerIds(redis());
  const mine = ids.some((id) => id.startsWith(`${hostname()}:`));
  if (!mine) console.error("worker-health: no recent heartbeat from this host");
  process.exitCode = mine ? 0 : 1;
} catch (error) {
  console.error(`worker-health: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(timer);
  redis().disconnect();
}
