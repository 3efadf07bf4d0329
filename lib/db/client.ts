import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { env } from "@/lib/config/env";

// One client per process; Next.js dev reloads modules, so keep it on globalThis there.
const globalForDb = globalThis as unknown as { rubricaDb?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({ connectionString: env().DATABASE_URL });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = globalForDb.rubricaDb ?? createClient();
if (process.env.NODE_ENV !== "production") globalForDb.rubricaDb = db;

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
