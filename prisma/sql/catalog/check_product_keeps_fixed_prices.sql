-- A bill product with account or price-list prices stays fixed-price (the rule of check_bill_price_product
-- seen from the product's side).
CREATE OR REPLACE FUNCTION check_product_keeps_fixed_prices() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM account_bill_prices WHERE product_id = NEW.id)
     OR EXISTS (SELECT 1 FROM price_list_bill_prices WHERE product_id = NEW.id) THEN
    RAISE EXCEPTION 'bill product % has account or price-list prices: it must stay fixed-price', NEW.id
      USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER bill_products_keep_fixed_prices BEFORE UPDATE OF amount_type ON "bill_products"
  FOR EACH ROW WHEN (NEW.amount_type <> 'FIXED' AND OLD.amount_type = 'FIXED')
  EXECUTE FUNCTION check_product_keeps_fixed_prices();
