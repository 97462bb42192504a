-- An upload's price log keeps its rows a thousand lines of the file to a block (decision
-- 033): a million-row upload writes a thousand rows instead of a million index entries.
-- Logs written before keep their rows in price_log_rows.
CREATE TABLE "price_log_row_blocks" (
	"price_log_id" integer NOT NULL,
	"block" integer NOT NULL,
	"count" integer NOT NULL,
	"lines" integer[] NOT NULL,
	"types" text[] NOT NULL,
	"item_numbers" text[] NOT NULL,
	"prices" numeric(12, 4)[] NOT NULL,
	"oprices" numeric(12, 4)[] NOT NULL,
	CONSTRAINT "price_log_row_blocks_price_log_id_block_pk" PRIMARY KEY("price_log_id","block")
);
--> statement-breakpoint
ALTER TABLE "price_log_row_blocks" ADD CONSTRAINT "price_log_row_blocks_price_log_id_price_logs_id_fk" FOREIGN KEY ("price_log_id") REFERENCES "public"."price_logs"("id") ON DELETE cascade ON UPDATE no action;