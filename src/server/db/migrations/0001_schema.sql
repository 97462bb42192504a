CREATE TYPE "public"."choice_kind" AS ENUM('region', 'discount_group', 'assortment', 'language');--> statement-breakpoint
CREATE TYPE "public"."company_type" AS ENUM('X', 'C', 'D', 'I', 'E');--> statement-breakpoint
CREATE TYPE "public"."permission" AS ENUM('IS_DEALER_ADMIN', 'CAN_CREATE_COMPANIES', 'CAN_CREATE_CONTACTS', 'CAN_APPROVE_ORDER', 'CAN_TRANSLATE', 'CAN_UPLOAD', 'SEE_PRICELOGS', 'MANAGE_USERS', 'CAN_CHANGE_PASSWORD');--> statement-breakpoint
CREATE TYPE "public"."token_purpose" AS ENUM('register_company', 'password_reset', 'activation');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."basket_action" AS ENUM('approve', 'reset', 'status_refresh', 'create');--> statement-breakpoint
CREATE TYPE "public"."price_log_kind" AS ENUM('basket', 'upload', 'manual');--> statement-breakpoint
CREATE TYPE "public"."text_kind" AS ENUM('vartext', 'system', 'catalogue', 'article_unit');--> statement-breakpoint
CREATE TYPE "public"."catalogue_node_kind" AS ENUM('catalog', 'category', 'article');--> statement-breakpoint
CREATE TYPE "public"."unit_group_kind" AS ENUM('row', 'multirow', 'frame', 'accordion');--> statement-breakpoint
CREATE TYPE "public"."unit_item_kind" AS ENUM('text', 'editbox', 'checkbox', 'combobox', 'sum', 'messagebox', 'tooltip', 'logic');--> statement-breakpoint
CREATE TABLE "choice_options" (
	"kind" "choice_kind" NOT NULL,
	"code" text NOT NULL,
	"label_de" text NOT NULL,
	"label_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "choice_options_kind_code_pk" PRIMARY KEY("kind","code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"material" text NOT NULL,
	"prodname" text NOT NULL,
	"thicknesses" text DEFAULT '' NOT NULL,
	"texture" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "production_lines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"path" text NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"name1" text NOT NULL,
	"name2" text DEFAULT '' NOT NULL,
	"company_type" "company_type" DEFAULT 'X' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"customer_number" text,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"discount_group" text,
	"assortment" text,
	"language" text,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"opt_out" boolean DEFAULT false NOT NULL,
	"logo" "bytea",
	"logo_mime" text,
	"last_line_id" integer,
	"is_guest_company" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_customer_number_unique" UNIQUE("customer_number")
);
--> statement-breakpoint
CREATE TABLE "company_lines" (
	"company_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	CONSTRAINT "company_lines_company_id_line_id_pk" PRIMARY KEY("company_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"permission" "permission" NOT NULL,
	CONSTRAINT "user_groups_user_id_permission_pk" PRIMARY KEY("user_id","permission")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" "token_purpose" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"company_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"dealer_admin" boolean DEFAULT false NOT NULL,
	"opt_out" boolean DEFAULT false NOT NULL,
	"last_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"acting_as_user_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "maintenance_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"login_allowed" boolean DEFAULT true NOT NULL,
	"test_login_allowed" boolean DEFAULT true NOT NULL,
	"flash_text" text DEFAULT '' NOT NULL,
	"shop_url" text,
	"subdomain" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_settings_single_row" CHECK ("maintenance_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "switch_user_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"target_user_id" integer,
	"client_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name1" text NOT NULL,
	"name2" text DEFAULT '' NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_delivery" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basket_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" integer NOT NULL,
	"actor_user_id" integer,
	"real_actor_user_id" integer,
	"action" "basket_action" NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"approval_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_number" text NOT NULL,
	"company_id" integer NOT NULL,
	"line_id" integer,
	"placed_by_user_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_update" timestamp with time zone DEFAULT now() NOT NULL,
	"approval_number" text,
	"query_pending" boolean DEFAULT false NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"billing_name1" text DEFAULT '' NOT NULL,
	"billing_name2" text DEFAULT '' NOT NULL,
	"billing_zip" text DEFAULT '' NOT NULL,
	"billing_country" text DEFAULT '' NOT NULL,
	CONSTRAINT "baskets_basket_number_unique" UNIQUE("basket_number"),
	CONSTRAINT "baskets_status_range" CHECK ("baskets"."status" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "price_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_uid" text NOT NULL,
	"article_type" text NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"valid_from" date,
	"customer_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_log_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_log_id" integer NOT NULL,
	"type" text NOT NULL,
	"item_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"item_price" numeric(12, 2) NOT NULL,
	"oprice" numeric(12, 2),
	"price" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" "price_log_kind" NOT NULL,
	"basket_number" text,
	"article_uid" text,
	"article_type" text,
	"price" numeric(12, 2),
	"company_id" integer,
	"contact_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text_kind NOT NULL,
	"key" text NOT NULL,
	"description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "texts_kind_key_unique" UNIQUE("kind","key")
);
--> statement-breakpoint
CREATE TABLE "translation_languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_master" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"text_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"value" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_text_id_language_code_pk" PRIMARY KEY("text_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "article_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"tid" text NOT NULL,
	"parent_unit_id" integer,
	"group_kind" "unit_group_kind",
	"item_kind" "unit_item_kind",
	"text_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "article_units_article_tid_unique" UNIQUE("article_id","tid"),
	CONSTRAINT "article_units_group_xor_item" CHECK (("article_units"."group_kind" is null) <> ("article_units"."item_kind" is null))
);
--> statement-breakpoint
CREATE TABLE "catalogue_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalogue_id" integer,
	"parent_id" integer,
	"kind" "catalogue_node_kind" NOT NULL,
	"name" text NOT NULL,
	"label_text_id" integer,
	"image" text,
	"url" text NOT NULL,
	"t9n_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_nodes_catalogue_url_unique" UNIQUE("catalogue_id","url")
);
--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_line_id_production_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."production_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_parent_id_companies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_last_line_id_production_lines_id_fk" FOREIGN KEY ("last_line_id") REFERENCES "public"."production_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_lines" ADD CONSTRAINT "company_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_lines" ADD CONSTRAINT "company_lines_line_id_production_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."production_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_line_id_production_lines_id_fk" FOREIGN KEY ("last_line_id") REFERENCES "public"."production_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_acting_as_user_id_users_id_fk" FOREIGN KEY ("acting_as_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "switch_user_log" ADD CONSTRAINT "switch_user_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "switch_user_log" ADD CONSTRAINT "switch_user_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_history" ADD CONSTRAINT "basket_history_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_history" ADD CONSTRAINT "basket_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_history" ADD CONSTRAINT "basket_history_real_actor_user_id_users_id_fk" FOREIGN KEY ("real_actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_line_id_production_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."production_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_log_rows" ADD CONSTRAINT "price_log_rows_price_log_id_price_logs_id_fk" FOREIGN KEY ("price_log_id") REFERENCES "public"."price_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_logs" ADD CONSTRAINT "price_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_logs" ADD CONSTRAINT "price_logs_contact_user_id_users_id_fk" FOREIGN KEY ("contact_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_language_code_translation_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."translation_languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_units" ADD CONSTRAINT "article_units_article_id_catalogue_nodes_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."catalogue_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_units" ADD CONSTRAINT "article_units_parent_unit_id_article_units_id_fk" FOREIGN KEY ("parent_unit_id") REFERENCES "public"."article_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_units" ADD CONSTRAINT "article_units_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_nodes" ADD CONSTRAINT "catalogue_nodes_catalogue_id_catalogue_nodes_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogue_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_nodes" ADD CONSTRAINT "catalogue_nodes_parent_id_catalogue_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalogue_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_nodes" ADD CONSTRAINT "catalogue_nodes_label_text_id_texts_id_fk" FOREIGN KEY ("label_text_id") REFERENCES "public"."texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "choice_options_one_default_idx" ON "choice_options" USING btree ("kind") WHERE "choice_options"."is_default";--> statement-breakpoint
CREATE INDEX "materials_line_id_idx" ON "materials" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "companies_parent_id_idx" ON "companies" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "companies_path_idx" ON "companies" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "companies_name1_trgm_idx" ON "companies" USING gin ("name1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_customer_number_trgm_idx" ON "companies" USING gin ("customer_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_city_trgm_idx" ON "companies" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_lines_line_id_idx" ON "company_lines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_id_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_company_id_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "switch_user_log_created_at_idx" ON "switch_user_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "delivery_addresses_company_id_idx" ON "delivery_addresses" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_addresses_one_delivery_idx" ON "delivery_addresses" USING btree ("company_id") WHERE "delivery_addresses"."is_delivery";--> statement-breakpoint
CREATE INDEX "basket_history_basket_id_idx" ON "basket_history" USING btree ("basket_id");--> statement-breakpoint
CREATE INDEX "baskets_company_status_idx" ON "baskets" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_entries_article_customer_idx" ON "price_list_entries" USING btree ("article_uid","article_type",coalesce("customer_number", ''));--> statement-breakpoint
CREATE INDEX "price_log_rows_price_log_id_idx" ON "price_log_rows" USING btree ("price_log_id");--> statement-breakpoint
CREATE INDEX "price_logs_date_idx" ON "price_logs" USING btree ("date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "price_logs_article_uid_idx" ON "price_logs" USING btree ("article_uid");--> statement-breakpoint
CREATE INDEX "price_logs_company_id_idx" ON "price_logs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "price_logs_basket_number_idx" ON "price_logs" USING btree ("basket_number");--> statement-breakpoint
CREATE INDEX "translations_language_code_idx" ON "translations" USING btree ("language_code");--> statement-breakpoint
CREATE INDEX "article_units_parent_unit_id_idx" ON "article_units" USING btree ("parent_unit_id");--> statement-breakpoint
CREATE INDEX "catalogue_nodes_parent_id_idx" ON "catalogue_nodes" USING btree ("parent_id");