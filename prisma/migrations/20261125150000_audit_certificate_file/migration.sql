-- The audit certificate becomes its own sealed PDF, stored beside the signed files.
ALTER TABLE "Document" ADD COLUMN "certificateStorageKey" TEXT,
ADD COLUMN "certificateSha256" TEXT;
