-- The validation certificate of a completed validation process: its public id on /validateDocs, where the sealed
-- PDF is stored, its SHA-256 and when it was sealed (lib/validation-process/certificate-job.ts).
-- AlterTable
ALTER TABLE "ValidationProcess" ADD COLUMN     "certificateHexId" TEXT,
ADD COLUMN     "certificateSealedAt" TIMESTAMPTZ(3),
ADD COLUMN     "certificateSha256" TEXT,
ADD COLUMN     "certificateStorageKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "ValidationProcess_certificateHexId_key" ON "ValidationProcess"("certificateHexId");
