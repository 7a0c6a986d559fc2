-- The same two rules seen from the catalog's side: a plan cannot lose its retail price while an account
-- or a price list sells it on the retail basis, nor a product stop being fixed-price while it has prices
-- of its own. The triggers above take a share lock on the plan or product they check, and these run
-- after the edited row is locked, so an edit and a price written at the same moment cannot both pass.
CREATE OR REPLACE FUNCTION check_plan_keeps_retail_prices() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.retail_price IS NULL AND (
    EXISTS (SELECT 1 FROM account_plan_prices WHERE plan_id = NEW.id AND pricing_basis = 'RETAIL')
    OR EXISTS (SELECT 1 FROM price_list_plan_prices WHERE plan_id = NEW.id AND pricing_basis = 'RETAIL')
  ) THEN
    RAISE EXCEPTION 'plan % is sold on the retail basis by an account or a price list: it needs its retail price', NEW.id
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER data_plans_keep_retail_prices BEFORE UPDATE OF retail_price ON "data_plans"
  FOR EACH ROW WHEN (NEW.retail_price IS NULL AND OLD.retail_price IS NOT NULL)
  EXECUTE FUNCTION check_plan_keeps_retail_prices();
