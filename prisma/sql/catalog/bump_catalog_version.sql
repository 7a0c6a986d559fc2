-- The catalog version: every change to what the catalog listings show bumps it, so a process's cached
-- listings (and a key's remembered catalog) know they are stale without reading the catalog.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER networks_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON networks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

CREATE OR REPLACE TRIGGER data_plans_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON data_plans
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

CREATE OR REPLACE TRIGGER account_plan_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_plan_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

CREATE OR REPLACE TRIGGER accounts_bump_catalog_version AFTER UPDATE OF on_product_catalog ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

-- Everything GET /api/v1/plans shows depends on price lists too, and the bill products' listings show
-- prices: their tables bump the catalog version as well.
CREATE OR REPLACE TRIGGER price_list_plan_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_list_plan_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

CREATE OR REPLACE TRIGGER bill_products_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bill_products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

CREATE OR REPLACE TRIGGER account_bill_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_bill_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

CREATE OR REPLACE TRIGGER price_list_bill_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_list_bill_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();

CREATE OR REPLACE TRIGGER accounts_price_list_bump_catalog_version AFTER UPDATE OF price_list_id ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
