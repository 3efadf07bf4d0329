import { Queue } from "bullmq";
import { afterAll, beforeAll } from "vitest";
import { evidenceQueue } from "@/lib/evidence/face-comparison";
import { faceEngine } from "@/lib/face/face-engine";
import { queueConnection } from "@/lib/queue/connection";
import { closeProducers } from "@/lib/queue/enqueue";

/**
 * The evidence queue a file's uploads put their face and liveness checks on: opened before the file's tests (the face
 * engine loaded first when `faces`, so that no test's time includes it), emptied and closed after them. Call it at the
 * top of a test file; it answers the open queue.
 */
export function evidenceQueueForFile(options: { faces?: boolean } = {}): () => Queue {
  let queue: Queue | undefined;
  beforeAll(async () => {
    queue = new Queue(evidenceQueue, { connection: queueConnection() });
    if (options.faces) await faceEngine();
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true });
    await queue?.close();
    await closeProducers();
  });
  return () => {
    if (!queue) throw new Error("the evidence queue is opened before the file's tests");
    return queue;
  };
}
