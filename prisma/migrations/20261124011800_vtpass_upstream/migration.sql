-- The upstream's names for our products (VEND_PROVIDER=vtpass; README "The VTpass provider"), and the
-- id the upstream knows each purchase by.

-- AlterTable
ALTER TABLE "bill_products" ADD COLUMN     "upstream_code" TEXT,
ADD COLUMN     "upstream_service" TEXT;

-- AlterTable
ALTER TABLE "data_plans" ADD COLUMN     "upstream_code" TEXT,
ADD COLUMN     "upstream_service" TEXT;

-- AlterTable
ALTER TABLE "networks" ADD COLUMN     "airtime_upstream_service" TEXT;

-- AlterTable. Added without a default first, so the rows already there keep NULL (they were never sent
-- to such an upstream under this id, and a made-up one would requery as "never received"); then the
-- default gives every new transaction its id at insert, inside the purchase's begin statement, before
-- any vend. VTpass: at least 12 characters, the first 12 the Lagos date and time YYYYMMDDHHII
-- (https://www.vtpass.com/documentation/buying-services/); 32 hex characters of a random UUID follow.
ALTER TABLE "transactions" ADD COLUMN     "upstream_request_id" TEXT;
ALTER TABLE "transactions" ALTER COLUMN "upstream_request_id" SET DEFAULT (to_char((now() AT TIME ZONE 'Africa/Lagos'::text), 'YYYYMMDDHH24MI'::text) || replace((gen_random_uuid())::text, '-'::text, ''::text));

-- One of our products per upstream product: two plans sent as the same variation could not be told
-- apart by the upstream's catalog. Only mapped rows take part.
CREATE UNIQUE INDEX "data_plans_upstream_key" ON "data_plans"("upstream_service", "upstream_code")
  WHERE "upstream_service" IS NOT NULL AND "upstream_code" IS NOT NULL;
CREATE UNIQUE INDEX "bill_products_upstream_key" ON "bill_products"("upstream_service", "upstream_code")
  WHERE "upstream_service" IS NOT NULL AND "upstream_code" IS NOT NULL;
-- A request id names one transaction.
CREATE UNIQUE INDEX "transactions_upstream_request_id_key" ON "transactions"("upstream_request_id")
  WHERE "upstream_request_id" IS NOT NULL;

-- The begin and settle functions return purchase_row; the provider needs the request id from it.
ALTER TYPE purchase_row ADD ATTRIBUTE upstream_request_id text;

CREATE OR REPLACE FUNCTION purchase_row_of(t transactions, created boolean) RETURNS purchase_row
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ROW(created, t.id, t.account_id, t.client_reference, t.service, t.status, t.order_fingerprint,
             t.plan_id, t.network_id, t.product_name, t.recipient, t.customer_name, t.amount, t.token,
             t.provider_reference, t.failure_reason, t.channel, t.api_key_id, t.user_id, t.source_ip,
             t.created_at, t.completed_at, t.upstream_request_id)::purchase_row
$fn$;
