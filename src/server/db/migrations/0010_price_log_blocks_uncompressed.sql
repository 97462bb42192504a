-- An upload's log blocks are stored out of line without compression (decision 033):
-- compressing a million-row upload's blocks cost 0.23 s of its apply; they take ≈ 53 MB
-- instead of ≈ 19 MB per million logged rows and are read without decompressing.
-- Blocks written before keep their compressed values.
ALTER TABLE "price_log_row_blocks"
	ALTER COLUMN "lines" SET STORAGE EXTERNAL,
	ALTER COLUMN "types" SET STORAGE EXTERNAL,
	ALTER COLUMN "item_numbers" SET STORAGE EXTERNAL,
	ALTER COLUMN "prices" SET STORAGE EXTERNAL,
	ALTER COLUMN "oprices" SET STORAGE EXTERNAL;
