ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_delivery_is_active" CHECK ("delivery_addresses"."active" or not "delivery_addresses"."is_delivery");--> statement-breakpoint
-- Exactly one delivery address per company that has addresses (spec section 4), checked at
-- commit so a transaction may move the mark from one address to another (decision 031).
CREATE FUNCTION "delivery_addresses_check_one_delivery"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  checked integer;
  addresses integer;
  deliveries integer;
BEGIN
  FOR checked IN
    SELECT DISTINCT company_id FROM (VALUES (CASE WHEN TG_OP <> 'INSERT' THEN OLD.company_id END), (CASE WHEN TG_OP <> 'DELETE' THEN NEW.company_id END)) AS touched(company_id)
    WHERE company_id IS NOT NULL
  LOOP
    SELECT count(*), count(*) FILTER (WHERE is_delivery) INTO addresses, deliveries FROM delivery_addresses WHERE company_id = checked;
    IF addresses > 0 AND deliveries <> 1 THEN
      RAISE EXCEPTION 'company % has % delivery addresses among % addresses; exactly one is required', checked, deliveries, addresses
        USING ERRCODE = 'check_violation', CONSTRAINT = 'delivery_addresses_exactly_one_delivery';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "delivery_addresses_exactly_one_delivery"
  AFTER INSERT OR DELETE OR UPDATE OF "company_id", "is_delivery" ON "delivery_addresses"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "delivery_addresses_check_one_delivery"();
