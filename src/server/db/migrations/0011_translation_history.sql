-- Every saved change of a text in one language, master texts too (decision
-- 038): who (kept by name when the user is deleted), when, before, after, and the master
-- revision it was written against. Read newest first per text and language.
CREATE TABLE "translation_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"before" text,
	"after" text,
	"revision" integer NOT NULL,
	"by_user_id" integer,
	"by_username" text,
	"by_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_history" ADD CONSTRAINT "translation_history_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_history" ADD CONSTRAINT "translation_history_language_code_translation_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_history" ADD CONSTRAINT "translation_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_history_text_language_idx" ON "translation_history" USING btree ("text_id","language_code","at" DESC NULLS LAST,"id" DESC NULLS LAST);