-- A version number for everything GET /api/v1/plans shows (networks, plans, per-account prices and
-- basis, the product-catalog flag). Every change to those tables bumps it in the same transaction, by
-- trigger, so no writer can forget. The API reads it with the key on every request and serves the
-- plans from a per-process copy only while the version is unchanged: exact, without re-reading and
-- re-serialising the catalog on every call (issue 7).
CREATE TABLE "catalog_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 1,
    CONSTRAINT "catalog_state_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "catalog_state_single_row" CHECK ("id" = 1)
);
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 1);

CREATE FUNCTION bump_catalog_version() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER networks_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON networks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER data_plans_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON data_plans
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER account_plan_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_plan_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER accounts_bump_catalog_version AFTER UPDATE OF on_product_catalog ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
