-- A price log's rows are known by their log and their place in it: one index instead of two
-- (a million-row upload wrote both). The key's index also serves a log's rows in order.
ALTER TABLE "price_log_rows" DROP CONSTRAINT "price_log_rows_pkey";--> statement-breakpoint
DROP INDEX "price_log_rows_price_log_id_idx";--> statement-breakpoint
ALTER TABLE "price_log_rows" ADD CONSTRAINT "price_log_rows_price_log_id_id_pk" PRIMARY KEY("price_log_id","id");
