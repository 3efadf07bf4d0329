import { spawnSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { scratchDatabase } from "../support/database";

/**
 * The first administrator of a real installation (README "First administrator"): the command works on an empty,
 * migrated database with no demo seed, and refuses an e-mail that already has an account.
 */

const slot = Number(process.env.TEST_SLOT ?? 0);
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/rubrica_admin_command${slot ? `_${slot}` : ""}`;
let client: pg.Client;
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

function createAdmin(args: string[], options: { input?: string; password?: string } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.RUBRICA_ADMIN_PASSWORD;
  if (options.password) env.RUBRICA_ADMIN_PASSWORD = options.password;
  return spawnSync("npx", ["tsx", "scripts/create-admin.ts", ...args], {
    env,
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 120_000,
  });
}

const userRow = async (email: string) =>
  (
    await client.query<{
      platformAdmin: boolean;
      passwordHash: string;
      changePassword: boolean;
      emailVerified: boolean;
      organization: string;
      role: string;
    }>(
      `SELECT u."platformAdmin", u."passwordHash", u."changePassword", u."emailVerified", o.name AS organization, r.name AS role
       FROM "User" u JOIN "Organization" o ON o.id = u."organizationId" JOIN "Role" r ON r.id = u."roleId" WHERE u.email = $1`,
      [email],
    )
  ).rows[0];

beforeAll(async () => {
  scratch = await scratchDatabase(databaseUrl);
  client = scratch.client;
}, 180_000);

afterAll(async () => {
  await scratch?.drop();
});

describe("npm run admin:create", () => {
  it("creates the platform administrator, the organisation and the reference data on an empty database", async () => {
    expect((await client.query(`SELECT count(*)::int AS n FROM "User"`)).rows[0].n).toBe(0);
    const result = createAdmin(
      ["--email", "Ana@Notaria.example", "--first-name", "Ana", "--last-name", "Pérez Gil", "--organization", "Notaría Pérez"],
      { input: "Clave-Segura-2026!\n" },
    );
    // Without --password-stdin the input is ignored and a password is generated, shown once, to be changed.
    expect(result.status, result.stderr).toBe(0);
    const shown = /Password \(shown once[^)]*\): (\S+)/.exec(result.stdout)?.[1];
    expect(shown).toBeDefined();
    const row = await userRow("ana@notaria.example");
    expect(row).toMatchObject({
      platformAdmin: true,
      changePassword: true,
      emailVerified: true,
      organization: "Notaría Pérez",
      role: "Administrador",
    });
    expect(await verifyPassword(row!.passwordHash, shown!)).toBe(true);
    // What the organisation needs on day one, and the countries the signer pages offer.
    const counts = (
      await client.query(
        `SELECT (SELECT string_agg(kind::text, ',' ORDER BY kind) FROM "Flow" WHERE "isDefault") AS "defaultFlows",
                (SELECT count(*)::int FROM "Flow") AS flows, (SELECT count(*)::int FROM "DocumentType") AS types,
                (SELECT count(*)::int FROM "Country") AS countries, (SELECT count(*)::int FROM "Organization") AS organizations`,
      )
    ).rows[0];
    // A default flow to sign with and one to validate identities with (validation links).
    expect(counts).toMatchObject({ defaultFlows: "SIGNATURE,VALIDATION", flows: 2, types: 1, organizations: 1 });
    expect(counts.countries).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it("takes the password from standard input, checks it against the rules, and refuses an e-mail that has an account", async () => {
    const weak = createAdmin(["--email", "luis@plataforma.example", "--first-name", "Luis", "--last-name", "Gómez", "--password-stdin"], {
      input: "corta\n",
    });
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain("10 to 128 characters");

    const ok = createAdmin(["--email", "luis@plataforma.example", "--first-name", "Luis", "--last-name", "Gómez", "--password-stdin"], {
      input: "Clave-Segura-2026!\n",
    });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).not.toContain("Password (shown once");
    const row = await userRow("luis@plataforma.example");
    expect(row).toMatchObject({ platformAdmin: true, changePassword: false, organization: "Administración de la plataforma" });
    expect(await verifyPassword(row!.passwordHash, "Clave-Segura-2026!")).toBe(true);

    const again = createAdmin(["--email", "LUIS@plataforma.example", "--first-name", "Otro", "--last-name", "Nombre"], {
      password: "Otra-Clave-2026!",
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already has an account");
    expect(await verifyPassword((await userRow("luis@plataforma.example"))!.passwordHash, "Clave-Segura-2026!")).toBe(true);
    expect((await client.query(`SELECT count(*)::int AS n FROM "Organization"`)).rows[0].n).toBe(2);

    const bad = createAdmin(["--email", "no-es-correo", "--first-name", "X", "--last-name", "Y", "--timezone", "Marte/Olimpo"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--email");
    expect(bad.stderr).toContain("--timezone");
  }, 180_000);
});
