// Prints a working validation link and its PIN for the demo organisation, beside the demo signer link, so a
// newcomer can walk through /loginvalidation at once. The link ("Validación de demostración", on the
// organisation's default validation flow, created with it if an older database lacks one) is created once; every
// run gives it a fresh PIN, since only the PIN's hash is kept, and makes it active and unlocked again.
import "dotenv/config";
import { db } from "@/lib/db/client";
import { randomDigits } from "@/lib/security/random";
import { validationLinkUrl } from "@/lib/validations/link-records";
import { pinHash } from "@/lib/validations/pin";
import { defaultValidationFlow } from "@/lib/validations/steps";

const description = "Validación de demostración";

async function validationFlowId(organizationId: number): Promise<number> {
  const existing = await db.flow.findFirst({ where: { organizationId, kind: "VALIDATION", isDefault: true } });
  if (existing) return existing.id;
  const created = await db.flow.create({
    data: {
      organizationId,
      kind: "VALIDATION",
      name: defaultValidationFlow.name,
      active: true,
      isDefault: true,
      steps: { create: defaultValidationFlow.steps },
    },
  });
  return created.id;
}

async function main() {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  const flowId = await validationFlowId(organization.id);
  const creator = await db.user.findFirst({ where: { email: "orgadmin@demo.rubrica.local" } });
  const expirationDate = new Date(Date.now() + 90 * 24 * 3600_000);
  let link = await db.validationLink.findFirst({ where: { organizationId: organization.id, description } });
  if (!link) {
    link = await db.validationLink.create({
      data: { organizationId: organization.id, flowId, pinHash: "", expirationDate, description, createdById: creator?.id },
    });
  }
  const pin = randomDigits(4);
  await db.validationLink.update({
    where: { id: link.id },
    data: { pinHash: pinHash(link.hexId, pin), active: true, lockedAt: null, expirationDate, maxUses: null },
  });
  console.log(`Demo validation link: ${validationLinkUrl(link.hexId)} (PIN ${pin})`);
}

main()
  .then(() => db.$disconnect())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(error);
    await db.$disconnect();
    process.exit(1);
  });
