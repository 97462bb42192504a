CREATE TABLE "activity" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"acting_as_user_id" integer,
	"company_id" integer,
	"action" text NOT NULL,
	"outcome" text DEFAULT 'done' NOT NULL,
	"target" text,
	"changes" jsonb,
	"details" jsonb,
	"address" text,
	"request_id" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_company_at_idx" ON "activity" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "activity_actor_at_idx" ON "activity" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at");--> statement-breakpoint
-- The trail's order and chain (decision 053): each row gets its id and its hash under one lock,
-- so ids follow the order rows were chained in; the hash covers every field and the previous
-- row's hash, so a changed or removed row breaks the chain `npm run admin -- activity verify` walks.
CREATE SEQUENCE "activity_id_seq";--> statement-breakpoint
CREATE FUNCTION activity_row_hash(r activity) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(',',
    quote_nullable(r.id), quote_nullable((extract(epoch from r.at) * 1000000)::bigint), quote_nullable(r.actor_user_id),
    quote_nullable(r.acting_as_user_id), quote_nullable(r.company_id), quote_nullable(r.action), quote_nullable(r.outcome),
    quote_nullable(r.target), quote_nullable(r.changes::text), quote_nullable(r.details::text), quote_nullable(r.address), quote_nullable(r.request_id),
    quote_nullable(r.prev_hash)), 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION activity_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('portal.activity'));
  SELECT hash INTO previous FROM activity ORDER BY id DESC LIMIT 1;
  NEW.id := nextval('activity_id_seq');
  NEW.at := clock_timestamp();
  NEW.prev_hash := coalesce(previous, '');
  NEW.hash := activity_row_hash(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER activity_append BEFORE INSERT ON activity FOR EACH ROW EXECUTE FUNCTION activity_append();--> statement-breakpoint
-- Append-only: no UPDATE, no DELETE, no TRUNCATE — but the pruning of rows older than the bound
-- the admin command sets for its own transaction (portal.activity_prune_before), itself recorded.
CREATE FUNCTION activity_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < nullif(current_setting('portal.activity_prune_before', true), '')::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the activity trail is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER activity_refuse_change BEFORE UPDATE OR DELETE ON activity FOR EACH ROW EXECUTE FUNCTION activity_refuse_change();--> statement-breakpoint
CREATE TRIGGER activity_refuse_truncate BEFORE TRUNCATE ON activity FOR EACH STATEMENT EXECUTE FUNCTION activity_refuse_change();
