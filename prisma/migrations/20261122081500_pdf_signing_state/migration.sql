-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "sealedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "DocumentFile" ADD COLUMN     "workingSha256" TEXT,
ADD COLUMN     "workingStorageKey" TEXT;
