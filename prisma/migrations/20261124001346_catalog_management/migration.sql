-- Catalog administration (issue 16): operators create, edit and deactivate networks, plans and bill
-- products, record what the upstream charges (cost), and price per account or per price list.

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "price_list_id" UUID;

-- AlterTable
ALTER TABLE "bill_products" ADD COLUMN     "commission_bps" INTEGER,
ADD COLUMN     "cost_price" BIGINT;

-- AlterTable
ALTER TABLE "data_plans" ADD COLUMN     "cost_price" BIGINT;

-- AlterTable
ALTER TABLE "networks" ADD COLUMN     "active" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "airtime_commission_bps" INTEGER;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "cost" BIGINT;

-- CreateTable
CREATE TABLE "account_bill_prices" (
    "account_id" UUID NOT NULL,
    "product_id" TEXT NOT NULL,
    "price" BIGINT NOT NULL,

    CONSTRAINT "account_bill_prices_pkey" PRIMARY KEY ("account_id","product_id")
);

-- CreateTable
CREATE TABLE "price_lists" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "price_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_list_plan_prices" (
    "price_list_id" UUID NOT NULL,
    "plan_id" TEXT NOT NULL,
    "price" BIGINT NOT NULL,
    "pricing_basis" "PricingBasis" NOT NULL,

    CONSTRAINT "price_list_plan_prices_pkey" PRIMARY KEY ("price_list_id","plan_id")
);

-- CreateTable
CREATE TABLE "price_list_bill_prices" (
    "price_list_id" UUID NOT NULL,
    "product_id" TEXT NOT NULL,
    "price" BIGINT NOT NULL,

    CONSTRAINT "price_list_bill_prices_pkey" PRIMARY KEY ("price_list_id","product_id")
);

-- CreateIndex
CREATE INDEX "account_bill_prices_product_id_idx" ON "account_bill_prices"("product_id");

-- CreateIndex
CREATE UNIQUE INDEX "price_lists_name_key" ON "price_lists"("name");

-- CreateIndex
CREATE INDEX "price_list_plan_prices_plan_id_idx" ON "price_list_plan_prices"("plan_id");

-- CreateIndex
CREATE INDEX "price_list_bill_prices_product_id_idx" ON "price_list_bill_prices"("product_id");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_price_list_id_fkey" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_bill_prices" ADD CONSTRAINT "account_bill_prices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_bill_prices" ADD CONSTRAINT "account_bill_prices_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "bill_products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_list_plan_prices" ADD CONSTRAINT "price_list_plan_prices_price_list_id_fkey" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_list_plan_prices" ADD CONSTRAINT "price_list_plan_prices_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "data_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_list_bill_prices" ADD CONSTRAINT "price_list_bill_prices_price_list_id_fkey" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_list_bill_prices" ADD CONSTRAINT "price_list_bill_prices_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "bill_products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Catalog values that make sense, enforced by the database as well as by the services' schemas.
ALTER TABLE "networks" ADD CONSTRAINT "networks_name_present" CHECK (btrim("name") <> '');
ALTER TABLE "networks" ADD CONSTRAINT "networks_airtime_commission_range"
  CHECK ("airtime_commission_bps" IS NULL OR "airtime_commission_bps" BETWEEN 0 AND 10000);
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_name_present" CHECK (btrim("name") <> '' AND btrim("product_id") <> '' AND btrim("class") <> '');
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_retail_price_positive" CHECK ("retail_price" IS NULL OR "retail_price" > 0);
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_cost_price_non_negative" CHECK ("cost_price" IS NULL OR "cost_price" >= 0);
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_shape" CHECK ("validity_days" > 0 AND ("size_mb" IS NULL OR "size_mb" > 0));
ALTER TABLE "bill_products" ADD CONSTRAINT "bill_products_name_present" CHECK (btrim("name") <> '' AND btrim("biller") <> '' AND btrim("product_id") <> '');
ALTER TABLE "bill_products" ADD CONSTRAINT "bill_products_cost_shape" CHECK (
  ("amount_type" = 'FIXED' AND "commission_bps" IS NULL AND ("cost_price" IS NULL OR "cost_price" >= 0))
  OR ("amount_type" = 'VARIABLE' AND "cost_price" IS NULL AND ("commission_bps" IS NULL OR "commission_bps" BETWEEN 0 AND 10000))
);
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_name_present" CHECK (btrim("name") <> '');
ALTER TABLE "account_bill_prices" ADD CONSTRAINT "account_bill_prices_price_positive" CHECK ("price" > 0);
ALTER TABLE "price_list_plan_prices" ADD CONSTRAINT "price_list_plan_prices_price_positive" CHECK ("price" > 0);
ALTER TABLE "price_list_bill_prices" ADD CONSTRAINT "price_list_bill_prices_price_positive" CHECK ("price" > 0);
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_cost_non_negative" CHECK ("cost" IS NULL OR "cost" >= 0);

-- Rules that span two tables, which a CHECK cannot see: a retail-basis price needs the plan's published
-- retail price, and only a fixed-price bill product has a price of its own per account or list.
CREATE FUNCTION check_plan_price_basis() RETURNS trigger
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
CREATE TRIGGER account_plan_prices_basis BEFORE INSERT OR UPDATE ON "account_plan_prices"
  FOR EACH ROW EXECUTE FUNCTION check_plan_price_basis();
CREATE TRIGGER price_list_plan_prices_basis BEFORE INSERT OR UPDATE ON "price_list_plan_prices"
  FOR EACH ROW EXECUTE FUNCTION check_plan_price_basis();

CREATE FUNCTION check_bill_price_product() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM bill_products WHERE id = NEW.product_id AND amount_type = 'FIXED' FOR SHARE) THEN
    RAISE EXCEPTION 'only a fixed-price bill product has its own price' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER account_bill_prices_fixed BEFORE INSERT OR UPDATE ON "account_bill_prices"
  FOR EACH ROW EXECUTE FUNCTION check_bill_price_product();
CREATE TRIGGER price_list_bill_prices_fixed BEFORE INSERT OR UPDATE ON "price_list_bill_prices"
  FOR EACH ROW EXECUTE FUNCTION check_bill_price_product();

-- The same two rules seen from the catalog's side: a plan cannot lose its retail price while an account
-- or a price list sells it on the retail basis, nor a product stop being fixed-price while it has prices
-- of its own. The triggers above take a share lock on the plan or product they check, and these run
-- after the edited row is locked, so an edit and a price written at the same moment cannot both pass.
CREATE FUNCTION check_plan_keeps_retail_prices() RETURNS trigger
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
CREATE TRIGGER data_plans_keep_retail_prices BEFORE UPDATE OF retail_price ON "data_plans"
  FOR EACH ROW WHEN (NEW.retail_price IS NULL AND OLD.retail_price IS NOT NULL)
  EXECUTE FUNCTION check_plan_keeps_retail_prices();

CREATE FUNCTION check_product_keeps_fixed_prices() RETURNS trigger
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
CREATE TRIGGER bill_products_keep_fixed_prices BEFORE UPDATE OF amount_type ON "bill_products"
  FOR EACH ROW WHEN (NEW.amount_type <> 'FIXED' AND OLD.amount_type = 'FIXED')
  EXECUTE FUNCTION check_product_keeps_fixed_prices();

-- The price an account pays, defined once: the account's own price, else its price list's, else the
-- catalog's default. The listings and the purchase functions both read these views, so what an account
-- is shown is what it is charged. PostgreSQL inlines a view, so a look-up by account and plan stays a
-- primary-key look-up on each table.
CREATE VIEW "plan_prices_in_force" AS
SELECT a.id AS account_id, p.id AS plan_id,
       COALESCE(o.price, l.price, p.price) AS price,
       COALESCE(o.pricing_basis, l.pricing_basis, p.pricing_basis) AS pricing_basis,
       CASE WHEN o.plan_id IS NOT NULL THEN 'account' WHEN l.plan_id IS NOT NULL THEN 'price_list' ELSE 'default' END AS price_source
FROM accounts a
CROSS JOIN data_plans p
LEFT JOIN account_plan_prices o ON o.account_id = a.id AND o.plan_id = p.id
LEFT JOIN price_list_plan_prices l ON l.price_list_id = a.price_list_id AND l.plan_id = p.id;

-- Variable-amount products have no price (the customer's amount is charged): price is null for them.
CREATE VIEW "bill_prices_in_force" AS
SELECT a.id AS account_id, b.id AS product_id,
       CASE WHEN b.amount_type = 'FIXED' THEN COALESCE(o.price, l.price, b.price) END AS price,
       CASE WHEN o.product_id IS NOT NULL THEN 'account' WHEN l.product_id IS NOT NULL THEN 'price_list' ELSE 'default' END AS price_source
FROM accounts a
CROSS JOIN bill_products b
LEFT JOIN account_bill_prices o ON o.account_id = a.id AND o.product_id = b.id
LEFT JOIN price_list_bill_prices l ON l.price_list_id = a.price_list_id AND l.product_id = b.id;

-- What the upstream charges us for a purchase, from the catalog as it is when the purchase is begun:
-- a plan's or fixed product's cost price, or the amount less the upstream's commission (rounded down,
-- so a cost is never understated). Null when the catalog does not know it.
CREATE FUNCTION purchase_cost(p_service "Service", p_plan_id text, p_network_id text, p_amount bigint) RETURNS bigint
LANGUAGE sql STABLE AS $fn$
  SELECT CASE
    WHEN p_service = 'DATA' THEN (SELECT cost_price FROM data_plans WHERE id = p_plan_id)
    WHEN p_service = 'AIRTIME' THEN
      (SELECT p_amount - (p_amount * airtime_commission_bps) / 10000 FROM networks WHERE id = p_network_id)
    ELSE
      (SELECT CASE WHEN amount_type = 'FIXED' THEN cost_price ELSE p_amount - (p_amount * commission_bps) / 10000 END
       FROM bill_products WHERE id = p_plan_id)
  END
$fn$;

-- begin_purchase's body as in 20261121090000, with the purchase's cost recorded beside its amount. The
-- callers read the price and the cost in one SELECT (one snapshot), so a purchase never pairs an old
-- price with a new cost when an operator changes both at once.
CREATE FUNCTION begin_priced_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_cost bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND client_reference = p_client_reference;
  IF FOUND THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  INSERT INTO transactions (account_id, client_reference, service, status, order_fingerprint, plan_id,
                            network_id, product_name, recipient, customer_name, amount, cost, channel,
                            api_key_id, user_id, source_ip, next_requery_at)
  VALUES (p_account_id, p_client_reference, p_service, 'PENDING', p_order_fingerprint, p_plan_id,
          p_network_id, p_product_name, p_recipient, p_customer_name, p_amount, p_cost, p_channel,
          p_api_key_id, p_user_id, p_source_ip, now() + p_requery_after)
  ON CONFLICT (account_id, client_reference) DO NOTHING
  RETURNING * INTO v_transaction;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions
    WHERE account_id = p_account_id AND client_reference = p_client_reference;
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  UPDATE wallets SET balance = balance - p_amount, updated_at = now()
  WHERE account_id = p_account_id AND balance >= p_amount
  RETURNING balance INTO v_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'RP402';
  END IF;

  INSERT INTO ledger_entries (account_id, kind, amount, balance_after, transaction_id, user_id)
  VALUES (p_account_id, 'PURCHASE', -p_amount, v_balance, v_transaction.id, p_user_id);

  RETURN NEXT purchase_row_of(v_transaction, true);
END
$fn$;

-- begin_purchase keeps its signature (airtime calls it with the amount it charges): the cost is the
-- catalog's for that amount at this instant.
CREATE OR REPLACE FUNCTION begin_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval
) RETURNS SETOF purchase_row
LANGUAGE sql AS $fn$
  SELECT * FROM begin_priced_purchase(
    p_account_id, p_client_reference, p_service, p_order_fingerprint, p_plan_id, p_network_id, p_product_name,
    p_recipient, p_customer_name, p_amount, purchase_cost(p_service, p_plan_id, p_network_id, p_amount),
    p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after)
$fn$;

-- begin_data_purchase as in 20261121090000, with the price in force (plan_prices_in_force) and its cost
-- read together, and a deactivated plan, or a plan of a deactivated network, told apart from an
-- unknown one: RP404 unknown, RP410 exists but not on sale now. A known reference is still answered first.
CREATE OR REPLACE FUNCTION begin_data_purchase(
  p_account_id uuid, p_client_reference text, p_order_fingerprint text, p_plan_id text,
  p_recipient text, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_network_id text;
  v_name text;
  v_price bigint;
  v_cost bigint;
  v_on_sale boolean;
BEGIN
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND client_reference = p_client_reference;
  IF FOUND THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  SELECT p.network_id, p.name, f.price, purchase_cost('DATA', p.id, NULL, f.price), p.active AND n.active
  INTO v_network_id, v_name, v_price, v_cost, v_on_sale
  FROM data_plans p
  JOIN networks n ON n.id = p.network_id
  JOIN plan_prices_in_force f ON f.plan_id = p.id AND f.account_id = p_account_id
  WHERE p.id = p_plan_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'plan not found' USING ERRCODE = 'RP404';
  END IF;
  IF NOT v_on_sale THEN
    RAISE EXCEPTION 'plan not on sale' USING ERRCODE = 'RP410';
  END IF;

  RETURN QUERY SELECT * FROM begin_priced_purchase(
    p_account_id, p_client_reference, 'DATA', p_order_fingerprint, p_plan_id, v_network_id, v_name,
    p_recipient, NULL, v_price, v_cost, p_channel, p_api_key_id, p_user_id, p_source_ip, p_requery_after);
END
$fn$;

-- A bill payment in one statement, like begin_data_purchase: the product, the account's price in force
-- and the cost are read together; a fixed-price product is charged that price, a variable one the
-- amount sent, checked against the product's bounds as they are now (RP416 outside them). RP404
-- unknown product, RP410 deactivated.
CREATE FUNCTION begin_bill_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_product_id text, p_recipient text, p_customer_name text, p_amount bigint, p_channel "Channel",
  p_api_key_id uuid, p_user_id uuid, p_source_ip text, p_requery_after interval
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_product record;
  v_charge bigint;
BEGIN
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND client_reference = p_client_reference;
  IF FOUND THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  SELECT b.name, b.active, b.amount_type, b.min_amount, b.max_amount, f.price,
         purchase_cost(b.service, b.id, NULL, CASE WHEN b.amount_type = 'FIXED' THEN f.price ELSE p_amount END) AS cost
  INTO v_product
  FROM bill_products b
  JOIN bill_prices_in_force f ON f.product_id = b.id AND f.account_id = p_account_id
  WHERE b.id = p_product_id AND b.service = p_service;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bill product not found' USING ERRCODE = 'RP404';
  END IF;
  IF NOT v_product.active THEN
    RAISE EXCEPTION 'bill product not on sale' USING ERRCODE = 'RP410';
  END IF;

  IF v_product.amount_type = 'FIXED' THEN
    v_charge := v_product.price;
  ELSE
    IF p_amount IS NULL OR p_amount < v_product.min_amount OR p_amount > v_product.max_amount THEN
      RAISE EXCEPTION 'amount out of range' USING ERRCODE = 'RP416';
    END IF;
    v_charge := p_amount;
  END IF;

  RETURN QUERY SELECT * FROM begin_priced_purchase(
    p_account_id, p_client_reference, p_service, p_order_fingerprint, p_product_id, NULL, v_product.name,
    p_recipient, p_customer_name, v_charge, v_product.cost, p_channel, p_api_key_id, p_user_id, p_source_ip,
    p_requery_after);
END
$fn$;

-- Everything GET /api/v1/plans shows now also depends on price lists: bump the catalog version on their
-- changes too (migration 20261121091000), and on the bill products' tables, whose listings show prices.
CREATE TRIGGER price_list_plan_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_list_plan_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER bill_products_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bill_products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER account_bill_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_bill_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER price_list_bill_prices_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_list_bill_prices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER accounts_price_list_bump_catalog_version AFTER UPDATE OF price_list_id ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
