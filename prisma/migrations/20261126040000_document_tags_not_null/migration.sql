-- Document.tags: a shipment without tags has an empty list, never NULL (rows written before tags were
-- always set had NULL, which the reports had to patch over).
UPDATE "Document" SET "tags" = '{}' WHERE "tags" IS NULL;
ALTER TABLE "Document" ALTER COLUMN "tags" SET DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "Document" ALTER COLUMN "tags" SET NOT NULL;
