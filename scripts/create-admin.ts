/**
 * The first administrator of a real installation, without the demo seed:
 *
 *   npm run admin:create -- --email ana@notaria.example --first-name Ana --last-name "Pérez Gil" \
 *     [--organization "Notaría Pérez" --country ES --timezone Europe/Madrid] [--password-stdin]
 *
 * Creates the reference data (countries, identification types) if missing, an organisation (the one named, or
 * "Administración de la plataforma" to hold the platform administrator) with its default roles, flow and
 * document type, and the platform administrator as that organisation's administrator too. The password is read
 * from standard input with --password-stdin, or from RUBRICA_ADMIN_PASSWORD; otherwise a strong one is generated,
 * printed once, and must be changed at the first sign-in. It refuses an e-mail that already has an account and
 * changes nothing then. Run it after `node scripts/prisma.mjs migrate deploy`.
 */
import "dotenv/config";
import { randomInt } from "node:crypto";
import { text } from "node:stream/consumers";
import { parseArgs } from "node:util";
import { z } from "zod";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { createOrganization } from "@/lib/organizations/create-organization";
import { meetsPasswordRules } from "@/lib/validation/password-rules";
import { referenceCountries, seedReferenceData } from "../prisma/reference-data";

const platformOrganizationName = "Administración de la plataforma";

const options = z.object({
  email: z.string().trim().toLowerCase().email("--email: an e-mail address"),
  firstName: z.string().trim().min(1, "--first-name is required").max(100),
  lastName: z.string().trim().min(1, "--last-name is required").max(100),
  organization: z.string().trim().min(1).max(200).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => referenceCountries.includes(code), `--country: one of ${referenceCountries.join(", ")}`)
    .default("ES"),
  timezone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "--timezone: an IANA time zone such as Europe/Madrid")
    .default("Europe/Madrid"),
});

/** 20 characters from a set without look-alikes, with every class the password rules ask for. */
function generatedPassword(): string {
  const sets = ["abcdefghijkmnpqrstuvwxyz", "ABCDEFGHJKLMNPQRSTUVWXYZ", "23456789", "!#%+-=?@_"];
  const all = sets.join("");
  for (;;) {
    const candidate = Array.from({ length: 20 }, () => all[randomInt(all.length)]).join("");
    if (meetsPasswordRules(candidate)) return candidate;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      organization: { type: "string" },
      country: { type: "string" },
      timezone: { type: "string" },
      "password-stdin": { type: "boolean", default: false },
    },
    strict: true,
  });
  const parsed = options.safeParse({
    email: values.email,
    firstName: values["first-name"],
    lastName: values["last-name"],
    organization: values.organization,
    country: values.country,
    timezone: values.timezone,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`create-admin: ${issue.message}`);
    return 2;
  }
  const input = parsed.data;

  const given = values["password-stdin"] ? (await text(process.stdin)).replace(/\r?\n$/, "") : process.env.RUBRICA_ADMIN_PASSWORD;
  if (given !== undefined && !meetsPasswordRules(given)) {
    console.error("create-admin: the password needs 10 to 128 characters with lower and upper case letters, a digit and a symbol");
    return 2;
  }
  const password = given ?? generatedPassword();

  if (await db.user.findUnique({ where: { email: input.email } })) {
    console.error(`create-admin: ${input.email} already has an account; nothing was changed`);
    return 1;
  }
  await seedReferenceData(db);
  const passwordHash = await hashPassword(password);
  const name = input.organization ?? platformOrganizationName;
  const user = await db.$transaction(async (tx) => {
    const { organization, adminRole } = await createOrganization(tx, { name, country: input.country, timezone: input.timezone });
    return tx.user.create({
      data: {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        country: input.country,
        passwordHash,
        passwordChangedAt: new Date(),
        emailVerified: true,
        // A generated password was shown on a terminal: it must be replaced at the first sign-in.
        changePassword: given === undefined,
        platformAdmin: true,
        organizationId: organization.id,
        roleId: adminRole.id,
      },
      select: { hexId: true, organization: { select: { name: true } } },
    });
  });
  console.log(`Platform administrator ${input.email} (${user.hexId}) created in "${user.organization.name}".`);
  if (given === undefined) console.log(`Password (shown once; it must be changed at the first sign-in): ${password}`);
  return 0;
}

main()
  .then(async (code) => {
    await db.$disconnect();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await db.$disconnect();
    process.exit(1);
  });
