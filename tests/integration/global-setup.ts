import type { TestProject } from "vitest/node";
import { flushRedis, migrateDatabase, recreateDatabase } from "../support/database";

// Reads the integration project's own `env` from vitest.config.ts, so the tests and this setup cannot disagree.
export default async function setup(project: TestProject): Promise<void> {
  const env = Object.fromEntries(
    Object.entries(project.config.env).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const { DATABASE_URL, REDIS_URL } = env;
  if (!DATABASE_URL || !REDIS_URL) throw new Error("The integration project must set DATABASE_URL and REDIS_URL in its env");
  await recreateDatabase(DATABASE_URL);
  migrateDatabase(env);
  await flushRedis(REDIS_URL);
}
