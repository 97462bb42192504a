-- The translators' glossary (decision 038): a term of the source texts, its
-- translation into one language and a note. A term is there once per source and target
-- language, letter case aside (the unique index on lower(term)).
CREATE TABLE "glossary_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_language_code" text DEFAULT 'master' NOT NULL,
	"term" text NOT NULL,
	"language_code" text NOT NULL,
	"translation" text NOT NULL,
	"note" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_source_language_code_translation_languages_code_fk" FOREIGN KEY ("source_language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_language_code_translation_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_terms_term_unique" ON "glossary_terms" USING btree ("source_language_code",lower("term"),"language_code");--> statement-breakpoint
CREATE INDEX "glossary_terms_language_code_idx" ON "glossary_terms" USING btree ("language_code");