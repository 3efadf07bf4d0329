-- Validation links keep their PIN only as a keyed hash (lib/validations/pin.ts). A link made before this
-- migration kept it in clear: it gets an empty hash, which no PIN matches, and is deactivated until
-- staff give it a new PIN.
-- AlterTable
ALTER TABLE "ValidationLink" DROP COLUMN "pin",
ADD COLUMN     "geolocate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "lockedAt" TIMESTAMPTZ(3),
ADD COLUMN     "maxUses" INTEGER,
ADD COLUMN     "pinHash" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "usesCount" INTEGER NOT NULL DEFAULT 0;

UPDATE "ValidationLink" SET "active" = false WHERE "pinHash" = '';

ALTER TABLE "ValidationLink" ALTER COLUMN "pinHash" DROP DEFAULT;

-- AlterTable
ALTER TABLE "ValidationProcess" ADD COLUMN     "dataCapturedAt" TIMESTAMPTZ(3),
ADD COLUMN     "rejectedAt" TIMESTAMPTZ(3),
ADD COLUMN     "restarts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reviewedById" INTEGER,
ADD COLUMN     "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "ValidationLink_organizationId_createdAt_idx" ON "ValidationLink"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "ValidationProcess_validationLinkId_idx" ON "ValidationProcess"("validationLinkId");

-- AddForeignKey
ALTER TABLE "ValidationLink" ADD CONSTRAINT "ValidationLink_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
