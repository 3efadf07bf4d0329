// Sign-in cost on this machine: how much of POST /api/authenticate is the password hash (by design)
// and how much is ours. Run: npx tsx bench/auth.ts [iterations]  (uses DATABASE_URL/REDIS_URL from .env)
import "dotenv/config";
import { performance } from "node:perf_hooks";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { authenticate } from "@/lib/auth/authenticate";
import { db } from "@/lib/db/client";
import { redis } from "@/lib/queue/redis";
import { createOrganization } from "@/lib/organizations/create-organization";
import { randomHex } from "@/lib/security/random";

const iterations = Number(process.argv[2] ?? 20);
const password = "Bench-Clave-2026!";

async function time(label: string, run: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await run(i);
  const perOp = (performance.now() - started) / iterations;
  console.log(`${label.padEnd(34)} ${perOp.toFixed(1).padStart(8)} ms/op ${(1000 / perOp).toFixed(1).padStart(8)} op/s`);
  return perOp;
}

async function main() {
  const { organization, adminRole } = await db.$transaction((tx) =>
    createOrganization(tx, { name: `Bench ${randomHex(4)}`, country: "ES" }),
  );
  const hash = await hashPassword(password);
  const user = await db.user.create({
    data: {
      email: `bench-${randomHex(6)}@example.test`,
      firstName: "Bench",
      lastName: "User",
      passwordHash: hash,
      emailVerified: true,
      organizationId: organization.id,
      roleId: adminRole.id,
    },
  });
  console.log(`iterations: ${iterations}`);
  const verify = await time("argon2id verify", () => verifyPassword(hash, password));
  const full = await time("authenticate (token issued)", async (i) => {
    // Distinct addresses, and the per-account window cleared, so the limiter measures nothing here.
    await redis().del(`rl:login:user:${user.email}`);
    return authenticate({ username: user.email, password }, { ip: `198.18.0.${i % 250}`, userAgent: "bench" });
  });
  console.log(`ratio authenticate / verify         ${(full / verify).toFixed(2)}x (the rest is sessions, authorities, token, log)`);
  await db.authSession.deleteMany({ where: { userId: user.id } });
  await db.operationLog.deleteMany({ where: { organizationId: organization.id } });
  await db.user.delete({ where: { id: user.id } });
  const where = { organizationId: organization.id };
  await db.$transaction([
    db.flow.deleteMany({ where }),
    db.documentType.deleteMany({ where }),
    db.role.deleteMany({ where }),
    db.configValue.deleteMany({ where }),
    db.organization.delete({ where: { id: organization.id } }),
  ]);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await db.$disconnect();
    redis().disconnect();
  });
