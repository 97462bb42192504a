CREATE TABLE "company_tree" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"depth" smallint NOT NULL
);
--> statement-breakpoint
-- Every company's path and depth move over before the columns go (decision 029).
INSERT INTO "company_tree" ("company_id", "path", "depth") SELECT "id", "path", "depth" FROM "companies";--> statement-breakpoint
DROP INDEX "companies_path_idx";--> statement-breakpoint
ALTER TABLE "company_tree" ADD CONSTRAINT "company_tree_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_tree_path_idx" ON "company_tree" USING btree ("path" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "path";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "depth";--> statement-breakpoint
-- The planner's figures for the new table at once (PGlite runs no autovacuum).
ANALYZE "company_tree";
