-- AlterTable
ALTER TABLE "Evidence" ADD COLUMN     "clientUploadId" TEXT,
ADD COLUMN     "stepPosition" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "Evidence_clientUploadId_key" ON "Evidence"("clientUploadId");
