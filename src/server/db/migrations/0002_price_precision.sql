ALTER TABLE "price_log_rows" ALTER COLUMN "item_price" SET DATA TYPE numeric(12, 4);--> statement-breakpoint
ALTER TABLE "price_log_rows" ALTER COLUMN "oprice" SET DATA TYPE numeric(12, 4);--> statement-breakpoint
ALTER TABLE "price_log_rows" ALTER COLUMN "price" SET DATA TYPE numeric(12, 4);--> statement-breakpoint
ALTER TABLE "price_logs" ALTER COLUMN "price" SET DATA TYPE numeric(12, 4);