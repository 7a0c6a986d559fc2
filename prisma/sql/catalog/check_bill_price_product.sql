-- Only a fixed-price bill product has a price of its own per account or price list; the share lock keeps
-- the product from changing type while the price is written.
CREATE OR REPLACE FUNCTION check_bill_price_product() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM bill_products WHERE id = NEW.product_id AND amount_type = 'FIXED' FOR SHARE) THEN
    RAISE EXCEPTION 'only a fixed-price bill product has its own price' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER account_bill_prices_fixed BEFORE INSERT OR UPDATE ON "account_bill_prices"
  FOR EACH ROW EXECUTE FUNCTION check_bill_price_product();

CREATE OR REPLACE TRIGGER price_list_bill_prices_fixed BEFORE INSERT OR UPDATE ON "price_list_bill_prices"
  FOR EACH ROW EXECUTE FUNCTION check_bill_price_product();
