-- AlterTable
ALTER TABLE "User" ADD COLUMN     "failedMfaCodes" INTEGER NOT NULL DEFAULT 0;
