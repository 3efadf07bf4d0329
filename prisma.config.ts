import "dotenv/config";
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  datasource: {
    // Read when a command connects, not required to load the config: `prisma generate` needs no database
    // (a fresh clone, an image build). A command that connects without it says "Connection url is empty".
    url: process.env.DATABASE_URL ?? "",
  },
});
