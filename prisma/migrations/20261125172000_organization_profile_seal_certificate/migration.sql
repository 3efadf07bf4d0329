-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "address" TEXT,
ADD COLUMN     "contactEmail" TEXT,
ADD COLUMN     "contactPhone" TEXT,
ADD COLUMN     "website" TEXT;

-- CreateTable
CREATE TABLE "OrganizationSealCertificate" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "encryptedPkcs12" TEXT NOT NULL,
    "encryptedPassword" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "notBefore" TIMESTAMPTZ(3) NOT NULL,
    "notAfter" TIMESTAMPTZ(3) NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "uploadedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OrganizationSealCertificate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationSealCertificate_organizationId_key" ON "OrganizationSealCertificate"("organizationId");

-- AddForeignKey
ALTER TABLE "OrganizationSealCertificate" ADD CONSTRAINT "OrganizationSealCertificate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
