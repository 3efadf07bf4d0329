-- A stamping record's Merkle proof is ~1.9 KB of JSON (17 steps for a batch of 100,000): just over the size at which
-- PostgreSQL compresses a row, and pglz, its default, gains almost nothing on hex hashes, so each proof was compressed in
-- vain and then stored out of line (TOAST). lz4 makes it ~1.6 KB, kept in the row: a third less server time to write
-- a batch (bench/stamping.ts). A server built without lz4 keeps its rows uncompressed in line instead. No stored row changes.
DO $$
BEGIN
  ALTER TABLE "StampingRecord" ALTER COLUMN "merkleProof" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  ALTER TABLE "StampingRecord" SET (toast_tuple_target = 8160);
END
$$;
