import { db } from "@/lib/db/client";

// Run by tests/integration/db-client.test.ts in a fresh process (pg warns once per process): reads
// that Prisma sends at once inside one interactive transaction, the shape that made pg warn.
const documentId = Number(process.argv[2]);

const result = await db.$transaction(async (tx) => {
  // Sibling relations of one query: Prisma fetches them concurrently on the transaction's connection.
  const document = await tx.document.findUniqueOrThrow({
    where: { id: documentId },
    include: { files: true, signers: true, orders: true },
  });
  // And queries the caller itself sends at once.
  const [signers, files, events] = await Promise.all([
    tx.signer.count({ where: { documentId } }),
    tx.documentFile.count({ where: { documentId } }),
    tx.auditEvent.count({ where: { documentId } }),
  ]);
  return {
    files: document.files.length,
    signers: document.signers.length,
    orders: document.orders.length,
    counts: [signers, files, events],
  };
});
console.log(JSON.stringify(result));
await db.$disconnect();
