-- Rules that span two tables, which a CHECK cannot see: a retail-basis price needs the plan's published
-- retail price, and only a fixed-price bill product has a price of its own per account or list.
CREATE OR REPLACE FUNCTION check_plan_price_basis() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.pricing_basis = 'RETAIL' AND NOT EXISTS (
    SELECT 1 FROM data_plans WHERE id = NEW.plan_id AND retail_price IS NOT NULL FOR SHARE
  ) THEN
    RAISE EXCEPTION 'a retail-basis price needs the plan''s retail price' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER account_plan_prices_basis BEFORE INSERT OR UPDATE ON "account_plan_prices"
  FOR EACH ROW EXECUTE FUNCTION check_plan_price_basis();

CREATE OR REPLACE TRIGGER price_list_plan_prices_basis BEFORE INSERT OR UPDATE ON "price_list_plan_prices"
  FOR EACH ROW EXECUTE FUNCTION check_plan_price_basis();
