import { startStatementCounter } from "./pg-statement-counter";

// Run by tests/integration/signer-read-statements.test.ts in a fresh process whose only database
// connection goes through a wire-level statement counter (tests/support/pg-statement-counter.ts):
// the statements each signer read sends, call by call, as JSON on the last line of stdout.
// Arguments: processHexId secret. Then the same for the portal's list pages of the signer's organisation.
const [processHexId, secret] = process.argv.slice(2) as [string, string];
const counter = await startStatementCounter(process.env.DATABASE_URL!);
process.env.DATABASE_URL = counter.url; // before any app module reads env()

const { call } = await import("./http");
const { GET: getProcess } = await import("@/app/api/signprocess/getSignatureProcess/[id]/route");
const { GET: verify } = await import("@/app/api/signprocess/verify/[id]/route");
const { guardProcessPage } = await import("@/lib/signing/process-page-guard");
const { db } = await import("@/lib/db/client");
const { configCacheLive } = await import("@/lib/config/cache");

const { listDocuments } = await import("@/lib/documents/list-documents");
const { listContacts } = await import("@/lib/contacts/list-contacts");
type AuthContext = import("@/lib/auth/context").AuthContext;

// The portal's shipment and contact lists for the signer's organisation, as their route handlers call them once the
// caller is known (its token check is not counted here).
const signerOrg = await db.signer.findUniqueOrThrow({
  where: { hexId: processHexId },
  select: { document: { select: { organization: { select: { id: true, hexId: true, name: true } } } } },
});
const organization = signerOrg.document.organization;
const context = {
  organizationId: organization.id,
  organizationHexId: organization.hexId,
  organizationName: organization.name,
  authorities: [],
} as unknown as AuthContext;

const reads: Record<string, () => Promise<unknown>> = {
  documentList: () => listDocuments(context, {}),
  contactList: () => listContacts(context, {}),
  getSignatureProcess: async () => {
    const { status, body } = await call(getProcess, `/api/signprocess/getSignatureProcess/${processHexId}`, {
      params: { id: processHexId },
      headers: { "x-url-sign": secret },
    });
    if (status !== 200) throw new Error(`getSignatureProcess ${status} ${JSON.stringify(body)}`);
    return body;
  },
  verify: async () => {
    const { status, body } = await call(verify, `/api/signprocess/verify/${processHexId}`, {
      params: { id: processHexId },
      headers: { "x-url-sign": secret },
    });
    if (status !== 200) throw new Error(`verify ${status} ${JSON.stringify(body)}`);
    return body;
  },
  // What every /signature-process page does before it renders (components/signing/process-page.ts).
  pageGuard: async () => {
    const guarded = await guardProcessPage("selfie-photo", secret, processHexId, "203.0.113.10", { stepPage: true });
    if (!("live" in guarded) || !guarded.live) throw new Error(`page guard ${JSON.stringify(guarded)}`);
    return guarded.data;
  },
};

// The process subscribes to configuration changes on its first read; until then every read goes to the database.
for (let waited = 0; !configCacheLive(); waited += 50) {
  if (waited > 10_000) throw new Error("not subscribed to configuration changes");
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const result: Record<string, { first: number; steady: number[]; statements: string[] }> = {};
for (const [name, read] of Object.entries(reads)) {
  counter.reset();
  await read();
  const first = counter.count();
  const steady: number[] = [];
  let statements: string[] = [];
  for (let i = 0; i < 5; i++) {
    counter.reset();
    await read();
    steady.push(counter.count());
    statements = counter.statements();
  }
  result[name] = { first, steady, statements };
}
await db.$disconnect();
await counter.close();
console.log(JSON.stringify(result));
process.exit(0);
