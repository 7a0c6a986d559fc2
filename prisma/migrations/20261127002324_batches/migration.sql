-- CreateEnum
CREATE TYPE "BatchStatus" AS ENUM ('ACCEPTED', 'RUNNING', 'COMPLETED');

-- CreateEnum
CREATE TYPE "BatchOrderKind" AS ENUM ('DATA', 'AIRTIME', 'BILL');

-- CreateEnum
CREATE TYPE "BatchOrderState" AS ENUM ('QUEUED', 'RUNNING', 'DONE');

-- CreateTable
CREATE TABLE "batches" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    "batch_reference" TEXT NOT NULL,
    "orders_fingerprint" TEXT NOT NULL,
    "status" "BatchStatus" NOT NULL DEFAULT 'ACCEPTED',
    "order_count" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,
    "channel" "Channel" NOT NULL,
    "api_key_id" UUID,
    "user_id" UUID,
    "source_ip" TEXT NOT NULL,
    "stopped_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "successful_count" INTEGER,
    "failed_count" INTEGER,
    "spent" BIGINT,

    CONSTRAINT "batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "batch_orders" (
    "id" BIGSERIAL NOT NULL,
    "batch_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" "BatchOrderKind" NOT NULL,
    "service_path" TEXT,
    "client_reference" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "price" BIGINT NOT NULL,
    "known_reference" BOOLEAN NOT NULL DEFAULT false,
    "state" "BatchOrderState" NOT NULL DEFAULT 'QUEUED',
    "leased_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "transaction_id" UUID,
    "error_name" TEXT,
    "error_reason" TEXT,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "batch_orders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "batches_account_id_livemode_created_at_idx" ON "batches"("account_id", "livemode", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "batches_account_id_livemode_batch_reference_key" ON "batches"("account_id", "livemode", "batch_reference");

-- CreateIndex
CREATE INDEX "batch_orders_transaction_id_idx" ON "batch_orders"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "batch_orders_batch_id_position_key" ON "batch_orders"("batch_id", "position");

-- AddForeignKey
ALTER TABLE "batches" ADD CONSTRAINT "batches_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batches" ADD CONSTRAINT "batches_api_key_id_livemode_fkey" FOREIGN KEY ("api_key_id", "livemode") REFERENCES "api_keys"("id", "livemode") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_orders" ADD CONSTRAINT "batch_orders_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The workers' queue: an account's unfinished orders by state, in the order they were accepted (the
-- claim, and the count of those running), and a batch's unfinished ones (whether it may complete).
-- Done orders, nearly all of them in time, are in neither.
CREATE INDEX "batch_orders_unfinished_idx" ON "batch_orders" ("account_id", "state", "id") WHERE "state" <> 'DONE';
CREATE INDEX "batch_orders_unfinished_batch_idx" ON "batch_orders" ("batch_id") WHERE "state" <> 'DONE';
CREATE INDEX "batches_unfinished_idx" ON "batches" ("account_id", "created_at") WHERE "status" <> 'COMPLETED';

-- A batch is made by an API key or a portal user, as a purchase is; money is never negative.
ALTER TABLE "batches" ADD CONSTRAINT "batches_made_by_key_or_user" CHECK (("api_key_id" IS NULL) <> ("user_id" IS NULL));
ALTER TABLE "batches" ADD CONSTRAINT "batches_amounts_not_negative" CHECK ("amount" >= 0 AND ("spent" IS NULL OR "spent" >= 0));
-- A bill names its service; a running order has a lease; a done order has its transaction or its error.
ALTER TABLE "batch_orders" ADD CONSTRAINT "batch_orders_bill_service" CHECK (("kind" = 'BILL') = ("service_path" IS NOT NULL));
ALTER TABLE "batch_orders" ADD CONSTRAINT "batch_orders_price_not_negative" CHECK ("price" >= 0);
ALTER TABLE "batch_orders" ADD CONSTRAINT "batch_orders_running_leased" CHECK ("state" <> 'RUNNING' OR "leased_until" IS NOT NULL);
ALTER TABLE "batch_orders" ADD CONSTRAINT "batch_orders_done_with_outcome" CHECK ("state" <> 'DONE' OR "transaction_id" IS NOT NULL OR "error_name" IS NOT NULL);

-- Webhook endpoints may take the new event type.
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_event_types_known";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_event_types_known" CHECK (
  cardinality(event_types) > 0 AND event_types <@ ARRAY[
    'transaction.successful', 'transaction.failed', 'transaction.pending', 'wallet.funded',
    'wallet.low_balance', 'api_key.created', 'api_key.revoked', 'batch.completed']::text[]);

-- prisma/sql/batches/batch_progress.sql
-- Where a batch's orders stand, counted once for every reader (GET /api/v1/batches/{batchReference}, the
-- portal, finish_batch): an order is successful or failed as its transaction is; one refused without a
-- charge (no transaction, done) is failed; the rest are pending. `spent` is what the batch's own purchases
-- keep charged (successful and pending, as transaction-reads.ts IS_SPEND), leaving out the orders whose
-- reference was already in use when the batch was accepted: those replay an earlier purchase.
CREATE OR REPLACE FUNCTION batch_progress(p_batch_id uuid)
RETURNS TABLE (successful integer, failed integer, pending integer, spent bigint)
LANGUAGE sql STABLE AS $fn$
  SELECT count(*) FILTER (WHERE t.status = 'SUCCESSFUL')::integer,
         count(*) FILTER (WHERE t.status = 'FAILED' OR (t.id IS NULL AND o.state = 'DONE'))::integer,
         count(*) FILTER (WHERE t.status = 'PENDING' OR (t.id IS NULL AND o.state <> 'DONE'))::integer,
         COALESCE(sum(t.amount) FILTER (WHERE t.status IN ('SUCCESSFUL', 'PENDING') AND NOT o.known_reference), 0)::bigint
  FROM batch_orders o
  LEFT JOIN transactions t ON t.id = o.transaction_id
  WHERE o.batch_id = p_batch_id
$fn$;

-- prisma/sql/batches/claim_batch_orders.sql
-- The batch workers' claim (src/server/services/batches/batch-worker.ts): up to p_limit orders, each
-- leased until now() + p_lease, never more than p_per_account at once per account across every process,
-- so one reseller's batch cannot take all the workers or flood the upstream. Accounts are served oldest
-- waiting batch first; within an account, orders in the order they were accepted.
--
-- An order whose lease ran out (its worker died, or is stuck) is claimed again: buying it again is safe,
-- since the purchase engine answers a reference it knows with the stored transaction.
--
-- One claimer per account at a time (a transaction-scoped advisory lock, tried, never waited for), so the
-- count of running orders and the claim that follows it are exact; FOR UPDATE SKIP LOCKED besides.
CREATE OR REPLACE FUNCTION claim_batch_orders(p_limit integer, p_per_account integer, p_lease interval)
RETURNS SETOF batch_orders
LANGUAGE plpgsql AS $fn$
DECLARE
  v_account_id uuid;
  v_room integer;
  v_picked bigint[];
  v_claimed integer := 0;
BEGIN
  FOR v_account_id IN
    SELECT account_id FROM batches WHERE status <> 'COMPLETED' GROUP BY account_id ORDER BY min(created_at)
  LOOP
    EXIT WHEN v_claimed >= p_limit;
    -- 3600 names the batch claims among the application's advisory locks; a hash collision only skips a turn.
    CONTINUE WHEN NOT pg_try_advisory_xact_lock(3600, hashtext(v_account_id::text));
    SELECT LEAST(p_per_account - count(*), p_limit - v_claimed) INTO v_room
    FROM batch_orders WHERE account_id = v_account_id AND state = 'RUNNING' AND leased_until > now();
    CONTINUE WHEN v_room <= 0;
    v_picked := ARRAY(
      SELECT id FROM batch_orders
      WHERE account_id = v_account_id AND state = 'RUNNING' AND leased_until <= now()
      ORDER BY id LIMIT v_room FOR UPDATE SKIP LOCKED);
    IF cardinality(v_picked) < v_room THEN
      v_picked := v_picked || ARRAY(
        SELECT id FROM batch_orders
        WHERE account_id = v_account_id AND state = 'QUEUED'
        ORDER BY id LIMIT v_room - cardinality(v_picked) FOR UPDATE SKIP LOCKED);
    END IF;
    CONTINUE WHEN cardinality(v_picked) = 0;
    UPDATE batches SET status = 'RUNNING', started_at = now()
    WHERE status = 'ACCEPTED' AND id IN (SELECT DISTINCT batch_id FROM batch_orders WHERE id = ANY (v_picked));
    RETURN QUERY
      UPDATE batch_orders SET state = 'RUNNING', leased_until = now() + p_lease, attempts = attempts + 1
      WHERE id = ANY (v_picked)
      RETURNING *;
    v_claimed := v_claimed + cardinality(v_picked);
  END LOOP;
END
$fn$;

-- prisma/sql/batches/finish_batch.sql
-- Completes a batch once none of its orders is pending, writing its final figures (the batch.completed
-- event's snapshot, webhook_batch_completed.sql); false while some are. Safe to call any number of times,
-- from any process: the batch's row lock orders the callers, and each counts after the previous one
-- committed (a plpgsql statement takes a fresh snapshot), so the last order to settle always completes it.
CREATE OR REPLACE FUNCTION finish_batch(p_batch_id uuid) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_progress record;
BEGIN
  PERFORM 1 FROM batches WHERE id = p_batch_id AND status <> 'COMPLETED' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  -- Most calls come while orders are still to be bought: answered from the index of unfinished orders,
  -- without counting the batch.
  IF EXISTS (SELECT 1 FROM batch_orders WHERE batch_id = p_batch_id AND state <> 'DONE') THEN
    RETURN false;
  END IF;
  SELECT * INTO v_progress FROM batch_progress(p_batch_id);
  IF v_progress.pending > 0 THEN
    RETURN false;
  END IF;
  UPDATE batches
  SET status = 'COMPLETED', started_at = COALESCE(started_at, now()), completed_at = now(),
      successful_count = v_progress.successful, failed_count = v_progress.failed, spent = v_progress.spent
  WHERE id = p_batch_id;
  RETURN true;
END
$fn$;

-- prisma/sql/batches/record_batch_order_outcome.sql
-- What became of one order, as the worker that bought it saw it (src/server/services/batches/process-batch-order.ts):
-- its transaction, or the error that refused it without a charge. The first outcome recorded stands (a
-- worker whose lease ran out may report after another finished the order, and a later report still
-- completes the batch if its purchase settled what the batch waited for). `p_stop_batch` (a wallet that
-- no longer covers an order, a revoked key) fails every order of the batch not yet started with the same
-- error, uncharged, and says so on the batch; orders whose reference was in use before the batch go on,
-- since they are replays that cost nothing. Then the batch completes if nothing is pending: true when it did.
CREATE OR REPLACE FUNCTION record_batch_order_outcome(
  p_order_id bigint, p_transaction_id uuid, p_error_name text, p_error_reason text, p_stop_batch boolean
) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_batch_id uuid;
BEGIN
  SELECT batch_id INTO v_batch_id FROM batch_orders WHERE id = p_order_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no batch order %', p_order_id;
  END IF;
  -- Taken before the order changes, as finish_batch takes it: see there.
  PERFORM 1 FROM batches WHERE id = v_batch_id FOR UPDATE;
  UPDATE batch_orders
  SET state = 'DONE', transaction_id = p_transaction_id, error_name = p_error_name, error_reason = p_error_reason,
      leased_until = NULL, finished_at = now()
  WHERE id = p_order_id AND state <> 'DONE';
  IF NOT FOUND THEN
    -- Recorded already (a pending replay seen while this worker's purchase was in flight): this
    -- purchase may have settled what the batch waited for.
    RETURN finish_batch(v_batch_id);
  END IF;
  IF p_stop_batch THEN
    UPDATE batches SET stopped_reason = COALESCE(stopped_reason, p_error_name) WHERE id = v_batch_id;
    UPDATE batch_orders
    SET state = 'DONE', error_name = p_error_name, error_reason = p_error_reason, finished_at = now()
    WHERE batch_id = v_batch_id AND state = 'QUEUED' AND NOT known_reference;
  END IF;
  RETURN finish_batch(v_batch_id);
END
$fn$;

-- prisma/sql/webhooks/webhook_batch_completed.sql
-- batch.completed, written in the statement that completes the batch (finish_batch), with its final figures.
CREATE OR REPLACE FUNCTION webhook_batch_completed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_webhook_event(NEW.account_id, NEW.livemode, 'batch.completed', NEW.id::text, to_jsonb(NEW));
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER batches_webhook_completed
AFTER UPDATE OF status ON batches
FOR EACH ROW WHEN (NEW.status = 'COMPLETED' AND OLD.status IS DISTINCT FROM 'COMPLETED')
EXECUTE FUNCTION webhook_batch_completed();
