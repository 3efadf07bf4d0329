-- CreateTable
CREATE TABLE "SigningAuthority" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "organizationId" INTEGER NOT NULL,
    "certificate" BYTEA NOT NULL,
    "encryptedKey" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SigningAuthority_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SigningAuthority_hexId_key" ON "SigningAuthority"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "SigningAuthority_organizationId_key" ON "SigningAuthority"("organizationId");

-- AddForeignKey
ALTER TABLE "SigningAuthority" ADD CONSTRAINT "SigningAuthority_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
