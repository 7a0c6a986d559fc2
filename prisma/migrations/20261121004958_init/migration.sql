-- CreateEnum
CREATE TYPE "Role" AS ENUM ('OPERATOR', 'OWNER', 'STAFF');

-- CreateEnum
CREATE TYPE "Service" AS ENUM ('DATA', 'AIRTIME', 'CABLE_TV', 'ELECTRICITY', 'EDUCATION', 'BROADBAND');

-- CreateEnum
CREATE TYPE "TransactionStatus" AS ENUM ('PENDING', 'SUCCESSFUL', 'FAILED');

-- CreateEnum
CREATE TYPE "Channel" AS ENUM ('API', 'PORTAL');

-- CreateEnum
CREATE TYPE "LedgerKind" AS ENUM ('FUNDING', 'PURCHASE', 'REVERSAL', 'ADJUSTMENT');

-- CreateEnum
CREATE TYPE "PricingBasis" AS ENUM ('RETAIL', 'SPECIAL');

-- CreateEnum
CREATE TYPE "AmountType" AS ENUM ('FIXED', 'VARIABLE');

-- CreateEnum
CREATE TYPE "ActorType" AS ENUM ('OPERATOR_CLI', 'USER', 'API_KEY', 'SYSTEM');

-- CreateTable
CREATE TABLE "accounts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "on_product_catalog" BOOLEAN NOT NULL DEFAULT false,
    "allowlist_opt_in" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "account_id" UUID,
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "allowlist_entries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "cidr" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "allowlist_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallets" (
    "account_id" UUID NOT NULL,
    "balance" BIGINT NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'NGN',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" "LedgerKind" NOT NULL,
    "amount" BIGINT NOT NULL,
    "balance_after" BIGINT NOT NULL,
    "transaction_id" UUID,
    "funding_reference" TEXT,
    "user_id" UUID,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "networks" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "airtime_min_amount" BIGINT NOT NULL,
    "airtime_max_amount" BIGINT NOT NULL,

    CONSTRAINT "networks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "data_plans" (
    "id" TEXT NOT NULL,
    "network_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "price" BIGINT NOT NULL,
    "pricing_basis" "PricingBasis" NOT NULL,
    "retail_price" BIGINT,
    "product_id" TEXT NOT NULL,
    "size_mb" INTEGER,
    "validity_days" INTEGER NOT NULL,
    "is_unlimited" BOOLEAN NOT NULL DEFAULT false,
    "class" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "data_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_plan_prices" (
    "account_id" UUID NOT NULL,
    "plan_id" TEXT NOT NULL,
    "price" BIGINT NOT NULL,
    "pricing_basis" "PricingBasis" NOT NULL,

    CONSTRAINT "account_plan_prices_pkey" PRIMARY KEY ("account_id","plan_id")
);

-- CreateTable
CREATE TABLE "bill_products" (
    "id" TEXT NOT NULL,
    "service" "Service" NOT NULL,
    "product_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "biller" TEXT NOT NULL,
    "amount_type" "AmountType" NOT NULL,
    "price" BIGINT,
    "min_amount" BIGINT,
    "max_amount" BIGINT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "bill_products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "client_reference" TEXT NOT NULL,
    "service" "Service" NOT NULL,
    "status" "TransactionStatus" NOT NULL DEFAULT 'PENDING',
    "order_fingerprint" TEXT NOT NULL,
    "plan_id" TEXT,
    "network_id" TEXT,
    "product_name" TEXT,
    "recipient" TEXT NOT NULL,
    "customer_name" TEXT,
    "amount" BIGINT NOT NULL,
    "token" TEXT,
    "provider_reference" TEXT,
    "failure_reason" TEXT,
    "channel" "Channel" NOT NULL,
    "api_key_id" UUID,
    "user_id" UUID,
    "source_ip" TEXT NOT NULL,
    "requery_count" INTEGER NOT NULL DEFAULT 0,
    "next_requery_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_type" "ActorType" NOT NULL,
    "actor_id" TEXT,
    "actor_label" TEXT NOT NULL,
    "account_id" UUID,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "source_ip" TEXT,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_account_id_idx" ON "users"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "allowlist_entries_account_id_cidr_key" ON "allowlist_entries"("account_id", "cidr");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_transaction_id_kind_key" ON "ledger_entries"("transaction_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_account_id_funding_reference_key" ON "ledger_entries"("account_id", "funding_reference");

-- CreateIndex
CREATE INDEX "data_plans_network_id_idx" ON "data_plans"("network_id");

-- CreateIndex
CREATE INDEX "bill_products_service_idx" ON "bill_products"("service");

-- CreateIndex
CREATE INDEX "transactions_account_id_created_at_id_idx" ON "transactions"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "transactions_status_next_requery_at_idx" ON "transactions"("status", "next_requery_at");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_account_id_client_reference_key" ON "transactions"("account_id", "client_reference");

-- CreateIndex
CREATE INDEX "audit_log_account_id_created_at_idx" ON "audit_log"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "allowlist_entries" ADD CONSTRAINT "allowlist_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_network_id_fkey" FOREIGN KEY ("network_id") REFERENCES "networks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_plan_prices" ADD CONSTRAINT "account_plan_prices_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_plan_prices" ADD CONSTRAINT "account_plan_prices_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "data_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Invariants that the Prisma schema language cannot express. The database enforces them for every writer.
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_non_negative" CHECK ("balance" >= 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("amount" <> 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_after_non_negative" CHECK ("balance_after" >= 0);
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "users" ADD CONSTRAINT "users_account_matches_role" CHECK (("role" = 'OPERATOR') = ("account_id" IS NULL));
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_retail_price_required" CHECK ("pricing_basis" <> 'RETAIL' OR "retail_price" IS NOT NULL);
ALTER TABLE "data_plans" ADD CONSTRAINT "data_plans_price_positive" CHECK ("price" > 0);
ALTER TABLE "account_plan_prices" ADD CONSTRAINT "account_plan_prices_price_positive" CHECK ("price" > 0);
ALTER TABLE "networks" ADD CONSTRAINT "networks_airtime_bounds" CHECK (0 < "airtime_min_amount" AND "airtime_min_amount" <= "airtime_max_amount");
ALTER TABLE "bill_products" ADD CONSTRAINT "bill_products_amount_shape" CHECK (
  ("amount_type" = 'FIXED' AND "price" > 0 AND "min_amount" IS NULL AND "max_amount" IS NULL)
  OR ("amount_type" = 'VARIABLE' AND "price" IS NULL AND 0 < "min_amount" AND "min_amount" <= "max_amount")
);
