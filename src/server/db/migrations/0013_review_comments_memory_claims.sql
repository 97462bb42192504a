-- Review states, comments, the shared translation memory and claims on open texts (docs/decisions/049).
CREATE TYPE "public"."review_state" AS ENUM('translated', 'needs_editing', 'approved');--> statement-breakpoint
ALTER TYPE "public"."permission" ADD VALUE 'CAN_REVIEW';--> statement-breakpoint
CREATE TABLE "text_claims" (
	"user_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"text_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "text_claims_user_id_language_code_pk" PRIMARY KEY("user_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "translation_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"body" text NOT NULL,
	"by_user_id" integer,
	"by_username" text,
	"by_name" text,
	"client_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_memory_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_language_code" text NOT NULL,
	"target_language_code" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"created_by" text,
	"imported_by_user_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"state" "review_state" NOT NULL,
	"value_stamp" timestamp with time zone NOT NULL,
	"comment" text,
	"by_user_id" integer,
	"by_username" text,
	"by_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "review_state" "review_state" DEFAULT 'translated' NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "reviewed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "text_claims" ADD CONSTRAINT "text_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_claims" ADD CONSTRAINT "text_claims_language_code_translation_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_claims" ADD CONSTRAINT "text_claims_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_comments" ADD CONSTRAINT "translation_comments_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_comments" ADD CONSTRAINT "translation_comments_language_code_translation_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_comments" ADD CONSTRAINT "translation_comments_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_memory_units" ADD CONSTRAINT "translation_memory_units_source_language_code_translation_languages_code_fk" FOREIGN KEY ("source_language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_memory_units" ADD CONSTRAINT "translation_memory_units_target_language_code_translation_languages_code_fk" FOREIGN KEY ("target_language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_memory_units" ADD CONSTRAINT "translation_memory_units_imported_by_user_id_users_id_fk" FOREIGN KEY ("imported_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_reviews" ADD CONSTRAINT "translation_reviews_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_reviews" ADD CONSTRAINT "translation_reviews_language_code_translation_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_reviews" ADD CONSTRAINT "translation_reviews_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_claims_text_idx" ON "text_claims" USING btree ("text_id","language_code");--> statement-breakpoint
CREATE INDEX "translation_comments_text_language_idx" ON "translation_comments" USING btree ("text_id","language_code","at");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_comments_client_id_unique" ON "translation_comments" USING btree ("by_user_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_memory_units_pair_unique" ON "translation_memory_units" USING btree ("source_language_code","target_language_code",md5("source"),md5("target"));--> statement-breakpoint
CREATE INDEX "translation_memory_units_imported_at_idx" ON "translation_memory_units" USING btree ("source_language_code","target_language_code","id");--> statement-breakpoint
CREATE INDEX "translation_reviews_text_language_idx" ON "translation_reviews" USING btree ("text_id","language_code");--> statement-breakpoint
CREATE INDEX "translation_reviews_at_idx" ON "translation_reviews" USING btree ("at");--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;