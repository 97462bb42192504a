-- A price list row is known by its article, type and customer number ('' for the general
-- price): one index instead of a serial key's and a unique one beside it (a
-- million-row upload wrote both).
UPDATE "price_list_entries" SET "customer_number" = '' WHERE "customer_number" IS NULL;--> statement-breakpoint
DROP INDEX "price_list_entries_article_customer_idx";--> statement-breakpoint
ALTER TABLE "price_list_entries" DROP CONSTRAINT "price_list_entries_pkey";--> statement-breakpoint
ALTER TABLE "price_list_entries" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "price_list_entries" ALTER COLUMN "customer_number" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "price_list_entries" ALTER COLUMN "customer_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_pkey" PRIMARY KEY("article_uid","article_type","customer_number");
