-- AlterTable
ALTER TABLE "DocumentType" ADD COLUMN     "hasRear" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Signer" ADD COLUMN     "startedAt" TIMESTAMPTZ(3),
ADD COLUMN     "termsAcceptedAt" TIMESTAMPTZ(3),
ADD COLUMN     "termsVersion" TEXT;
