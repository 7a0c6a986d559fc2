-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "pending_announced" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "wallets" ADD COLUMN     "low_balance_threshold" BIGINT;

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "event_types" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" TEXT NOT NULL DEFAULT ('evt_'::text || replace((gen_random_uuid())::text, '-'::text, ''::text)),
    "account_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "subject_id" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "subject_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leased_until" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_response_ms" INTEGER,
    "last_response_excerpt" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "response_ms" INTEGER NOT NULL,
    "response_excerpt" TEXT,
    "error" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_account_id_idx" ON "webhook_endpoints"("account_id");

-- CreateIndex
CREATE INDEX "webhook_events_account_id_created_at_id_idx" ON "webhook_events"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events" USING BRIN ("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- ---------------------------------------------------------------------------------------------------
-- Rules the services also check, kept here so no code path can break them.
ALTER TABLE "webhook_endpoints" ALTER COLUMN "event_types" SET NOT NULL;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_event_types_known" CHECK (
  cardinality(event_types) > 0 AND event_types <@ ARRAY[
    'transaction.successful', 'transaction.failed', 'transaction.pending', 'wallet.funded',
    'wallet.low_balance', 'api_key.created', 'api_key.revoked']::text[]);
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_url_length" CHECK (length(url) BETWEEN 8 AND 2048);
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_description_length" CHECK (length(description) <= 200);
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_secret_shape" CHECK (
  secret LIKE 'whsec\_%' AND (previous_secret IS NULL OR previous_secret LIKE 'whsec\_%'));
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_known" CHECK (status IN ('pending', 'succeeded', 'failed'));
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_low_balance_threshold_positive" CHECK (low_balance_threshold > 0);

-- The workers' queue: due deliveries, and the per-endpoint, per-subject order among them.
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at", "id") WHERE status = 'pending';
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" ("endpoint_id", "subject_id", "id") WHERE status = 'pending';

-- ---------------------------------------------------------------------------------------------------
-- The outbox. Every event is recorded by a trigger on the row whose change it reports, so it is part
-- of the very statement (and transaction) that makes the change: a rolled-back change leaves no
-- event, a committed one always has its event, whichever function or service made it. The deliveries
-- to the account's enabled endpoints that asked for the type are written with it.
CREATE FUNCTION record_webhook_event(p_account_id uuid, p_type text, p_subject_id text, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  v_event_id text;
BEGIN
  -- A time-ordered id (milliseconds, then randomness): each new key lands at the index's right edge
  -- instead of a random page, which matters on the purchase path.
  INSERT INTO webhook_events (id, account_id, type, subject_id, data)
  VALUES ('evt_' || lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0')
                 || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20),
          p_account_id, p_type, p_subject_id, p_data)
  RETURNING id INTO v_event_id;
  INSERT INTO webhook_deliveries (event_id, endpoint_id, subject_id)
  SELECT v_event_id, e.id, p_subject_id
  FROM webhook_endpoints e
  WHERE e.account_id = p_account_id AND e.enabled AND p_type = ANY (e.event_types);
END
$fn$;

-- A purchase settles (PENDING -> SUCCESSFUL | FAILED), or a delivered one is reversed (SUCCESSFUL ->
-- FAILED): transaction.successful / transaction.failed, with the row as it now stands.
CREATE FUNCTION webhook_transaction_settled() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, 'transaction.' || lower(NEW.status::text), NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;
CREATE TRIGGER transactions_webhook_settled
AFTER UPDATE OF status ON transactions
FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('SUCCESSFUL', 'FAILED'))
EXECUTE FUNCTION webhook_transaction_settled();

-- A purchase is left pending after the provider was asked (its answer was not final, or a reconciler
-- picked it up after a crash): transaction.pending, once per transaction.
CREATE FUNCTION webhook_transaction_pending() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.pending_announced := true;
  PERFORM record_webhook_event(NEW.account_id, 'transaction.pending', NEW.id::text, to_jsonb(NEW));
  RETURN NEW;
END
$fn$;
CREATE TRIGGER transactions_webhook_pending
BEFORE UPDATE ON transactions
FOR EACH ROW WHEN (OLD.status = 'PENDING' AND NEW.status = 'PENDING' AND NOT OLD.pending_announced)
EXECUTE FUNCTION webhook_transaction_pending();

-- An operator funds a wallet: wallet.funded, with the ledger entry (amount, balance after, reference).
CREATE FUNCTION webhook_wallet_funded() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, 'wallet.funded', NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;
CREATE TRIGGER ledger_entries_webhook_funded
AFTER INSERT ON ledger_entries
FOR EACH ROW WHEN (NEW.kind = 'FUNDING')
EXECUTE FUNCTION webhook_wallet_funded();

-- The balance falls from at or above the owner's threshold to below it: wallet.low_balance, once per
-- crossing (a purchase that leaves it below does not fire again; a funding above and a fall again does).
CREATE FUNCTION webhook_wallet_low_balance() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, 'wallet.low_balance', NEW.account_id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;
CREATE TRIGGER wallets_webhook_low_balance
AFTER UPDATE OF balance ON wallets
FOR EACH ROW WHEN (NEW.low_balance_threshold IS NOT NULL
                   AND OLD.balance >= NEW.low_balance_threshold AND NEW.balance < NEW.low_balance_threshold)
EXECUTE FUNCTION webhook_wallet_low_balance();

-- API keys: created and revoked. The snapshot leaves the hash out: an event never carries it.
CREATE FUNCTION webhook_api_key_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, TG_ARGV[0], NEW.id::text, to_jsonb(NEW) - 'key_hash');
  RETURN NULL;
END
$fn$;
CREATE TRIGGER api_keys_webhook_created
AFTER INSERT ON api_keys
FOR EACH ROW EXECUTE FUNCTION webhook_api_key_changed('api_key.created');
CREATE TRIGGER api_keys_webhook_revoked
AFTER UPDATE OF revoked_at ON api_keys
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION webhook_api_key_changed('api_key.revoked');
