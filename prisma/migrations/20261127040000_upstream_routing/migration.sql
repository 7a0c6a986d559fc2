-- Issue 34: upstreams per product (routes), each vend attempt recorded before it is sent, and the
-- upstreams' health (docs/operating.md "Routes and failover", "Upstream health"). Only new tables and a
-- nullable column: nothing that rewrites transactions or holds a lock a purchase waits on for long.

-- CreateEnum
CREATE TYPE "VendAttemptStatus" AS ENUM ('SENDING', 'PENDING', 'DELIVERED', 'FAILED', 'REFUSED');

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "provider" TEXT;

-- CreateTable
CREATE TABLE "upstream_providers" (
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "min_balance" BIGINT NOT NULL DEFAULT 0,
    "balance" BIGINT,
    "balance_checked_at" TIMESTAMPTZ(3),
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "circuit_opened_at" TIMESTAMPTZ(3),
    "circuit_reason" TEXT,
    "trial_started_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "upstream_providers_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "product_routes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "service" "Service" NOT NULL,
    "product_code" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "upstream_service" TEXT,
    "upstream_code" TEXT,
    "cost_price" BIGINT,
    "commission_bps" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "circuit_opened_at" TIMESTAMPTZ(3),
    "circuit_reason" TEXT,
    "trial_started_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_routes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vend_attempts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "transaction_id" UUID NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "route_id" UUID,
    "upstream_service" TEXT,
    "upstream_code" TEXT,
    "upstream_request_id" TEXT NOT NULL,
    "cost" BIGINT,
    "status" "VendAttemptStatus" NOT NULL DEFAULT 'SENDING',
    "provider_reference" TEXT,
    "reason" TEXT,
    "latency_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMPTZ(3),

    CONSTRAINT "vend_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "product_routes_service_product_code_position_idx" ON "product_routes"("service", "product_code", "position");

-- CreateIndex
CREATE UNIQUE INDEX "product_routes_service_product_code_provider_key" ON "product_routes"("service", "product_code", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "vend_attempts_upstream_request_id_key" ON "vend_attempts"("upstream_request_id");

-- CreateIndex
CREATE INDEX "vend_attempts_provider_created_at_idx" ON "vend_attempts"("provider", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "vend_attempts_transaction_id_attempt_number_key" ON "vend_attempts"("transaction_id", "attempt_number");

-- A purchase has at most one attempt that may have been executed: every other one was refused before
-- anything was executed. The database refuses a second, whatever the code does.
CREATE UNIQUE INDEX "vend_attempts_one_executable_per_transaction" ON "vend_attempts"("transaction_id") WHERE "status" <> 'REFUSED';

-- A route's cost is a price or a commission, never both; positions and costs are not negative.
ALTER TABLE "product_routes" ADD CONSTRAINT "product_routes_cost_check"
  CHECK (NOT ("cost_price" IS NOT NULL AND "commission_bps" IS NOT NULL)
         AND ("cost_price" IS NULL OR "cost_price" >= 0)
         AND ("commission_bps" IS NULL OR "commission_bps" BETWEEN 0 AND 10000) AND "position" >= 0);
ALTER TABLE "upstream_providers" ADD CONSTRAINT "upstream_providers_min_balance_check" CHECK ("min_balance" >= 0);

-- The upstreams this release knows; routes may name only these.
INSERT INTO "upstream_providers" ("name") VALUES ('sandbox'), ('http'), ('vtpass'), ('clubkonnect');

-- AddForeignKey
ALTER TABLE "product_routes" ADD CONSTRAINT "product_routes_provider_fkey" FOREIGN KEY ("provider") REFERENCES "upstream_providers"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vend_attempts" ADD CONSTRAINT "vend_attempts_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vend_attempts" ADD CONSTRAINT "vend_attempts_route_id_fkey" FOREIGN KEY ("route_id") REFERENCES "product_routes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- prisma/sql/purchases/settle_purchase.sql (a parameter added: the old signature goes)
DROP FUNCTION settle_purchase(uuid, "TransactionStatus", text, text, text, interval, jsonb, text, text, interval);
-- Settlement: successful with what was delivered (pins, units, bonus token) and, when the provider can
-- reverse a delivery, the reversal sweep's first check; or failed with the debit refunded to the wallet
-- of the transaction's own mode; or still pending, asked again after p_requery_after. Only a PENDING
-- transaction changes, so a settlement repeated or raced by the reconciler or a callback changes nothing.
-- With p_attempt (settle_purchase_attempt), the transaction takes that attempt's upstream, cost and request id
-- in the same update: its own figures are always the executing attempt's.
CREATE OR REPLACE FUNCTION settle_purchase(
  p_transaction_id uuid, p_status "TransactionStatus", p_provider_reference text, p_token text,
  p_failure_reason text, p_requery_after interval, p_pins jsonb DEFAULT NULL, p_units text DEFAULT NULL,
  p_bonus_token text DEFAULT NULL, p_reversal_check_after interval DEFAULT NULL, p_attempt vend_attempts DEFAULT NULL
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  IF p_status = 'PENDING' THEN
    UPDATE transactions
    SET provider_reference = COALESCE(p_provider_reference, provider_reference),
        next_requery_at = now() + p_requery_after, updated_at = now(),
        provider = CASE WHEN p_attempt.id IS NULL THEN provider ELSE p_attempt.provider END,
        cost = CASE WHEN p_attempt.id IS NULL THEN cost ELSE p_attempt.cost END,
        upstream_request_id = CASE WHEN p_attempt.id IS NULL THEN upstream_request_id ELSE p_attempt.upstream_request_id END
    WHERE id = p_transaction_id AND status = 'PENDING'
    RETURNING * INTO v_transaction;
  ELSE
    UPDATE transactions
    SET status = p_status,
        provider_reference = COALESCE(p_provider_reference, provider_reference),
        token = p_token, pins = p_pins, units = p_units, bonus_token = p_bonus_token,
        failure_reason = p_failure_reason,
        completed_at = now(), next_requery_at = NULL, updated_at = now(),
        provider = CASE WHEN p_attempt.id IS NULL THEN provider ELSE p_attempt.provider END,
        cost = CASE WHEN p_attempt.id IS NULL THEN cost ELSE p_attempt.cost END,
        upstream_request_id = CASE WHEN p_attempt.id IS NULL THEN upstream_request_id ELSE p_attempt.upstream_request_id END,
        reversal_check_at = CASE WHEN p_status = 'SUCCESSFUL' AND livemode THEN now() + p_reversal_check_after END
    WHERE id = p_transaction_id AND status = 'PENDING'
    RETURNING * INTO v_transaction;

    IF v_transaction.id IS NOT NULL AND p_status = 'FAILED' THEN
      UPDATE wallets SET balance = balance + v_transaction.amount, updated_at = now()
      WHERE account_id = v_transaction.account_id AND livemode = v_transaction.livemode
      RETURNING balance INTO v_balance;
      INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, transaction_id)
      VALUES (v_transaction.account_id, v_transaction.livemode, 'REVERSAL', v_transaction.amount, v_balance, v_transaction.id);
    END IF;
  END IF;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions WHERE id = p_transaction_id;
  END IF;
  IF v_transaction.id IS NOT NULL THEN
    RETURN NEXT purchase_row_of(v_transaction, false);
  END IF;
END
$fn$;

-- prisma/sql/routing/admit_route.sql
-- Whether a route's own circuit lets an order through: 'closed', 'trial' (half-open, and this order claimed
-- its one trial), or 'no' (open, or its trial is taken). See admit_upstream.
CREATE OR REPLACE FUNCTION admit_route(p_route_id uuid, p_cooldown interval) RETURNS text
LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM product_routes WHERE id = p_route_id AND circuit_opened_at IS NULL) THEN
    RETURN 'closed';
  END IF;
  UPDATE product_routes SET trial_started_at = now()
  WHERE id = p_route_id AND circuit_opened_at <= now() - p_cooldown
    AND (trial_started_at IS NULL OR trial_started_at <= now() - p_cooldown);
  RETURN CASE WHEN FOUND THEN 'trial' ELSE 'no' END;
END
$fn$;

-- prisma/sql/routing/admit_upstream.sql
-- Whether an order may be sent to this upstream now (docs/operating.md "Upstream health"): switched on by
-- the operators, its last balance read not below their floor, and its circuit closed; or half-open (opened
-- a cool-down ago) with no trial order in flight, in which case this order becomes the one trial, claimed
-- here so that concurrent purchases cannot all take it. An upstream without a row (a test's stand-in) is
-- always admitted.
CREATE OR REPLACE FUNCTION admit_upstream(p_provider text, p_cooldown interval) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  v_upstream upstream_providers;
BEGIN
  SELECT * INTO v_upstream FROM upstream_providers WHERE name = p_provider;
  IF v_upstream.name IS NULL THEN
    RETURN true;
  END IF;
  IF NOT v_upstream.enabled OR (v_upstream.min_balance > 0 AND v_upstream.balance < v_upstream.min_balance) THEN
    RETURN false;
  END IF;
  IF v_upstream.circuit_opened_at IS NULL THEN
    RETURN true;
  END IF;
  UPDATE upstream_providers SET trial_started_at = now()
  WHERE name = p_provider AND circuit_opened_at <= now() - p_cooldown
    AND (trial_started_at IS NULL OR trial_started_at <= now() - p_cooldown);
  RETURN FOUND;
END
$fn$;

-- prisma/sql/routing/begin_vend_attempt.sql
-- A new purchase's first attempt (docs/architecture.md "Routes and attempts"), called in the claiming
-- statement itself on the begin function's row (execute-purchase.ts runBeginStatement), so that recording
-- it costs the purchase no statement of its own and it is committed with the claim, before anything is
-- sent. A row the begin function did not create (a replay, a reference another request holds) is returned
-- as it is, unread and unlocked. Otherwise the first route that admits the order is recorded with the
-- request id the order will be sent under; when no route admits it (every route switched off or its circuit
-- open), the purchase fails here, refunded, with p_no_route_reason, and nothing is sent.
CREATE OR REPLACE FUNCTION begin_vend_attempt(
  p_begun purchase_row, p_default_provider text, p_use_routes boolean, p_cooldown interval, p_no_route_reason text
) RETURNS TABLE (purchase purchase_row, attempt jsonb)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_transaction transactions;
  v_attempt vend_attempts;
  v_row purchase_row;
BEGIN
  IF NOT p_begun.created THEN
    RETURN QUERY SELECT p_begun, NULL::jsonb;
    RETURN;
  END IF;
  -- Inserted by this same statement: no other can see the row before it commits, so no lock is needed.
  SELECT * INTO v_transaction FROM transactions t WHERE t.id = p_begun.id;
  v_attempt := start_vend_attempt(v_transaction, p_default_provider, p_use_routes, p_cooldown);
  IF v_attempt.id IS NULL THEN
    SELECT * INTO v_row FROM settle_purchase(p_begun.id, 'FAILED', NULL, NULL, p_no_route_reason, interval '0');
    RETURN QUERY SELECT v_row, NULL::jsonb;
    RETURN;
  END IF;
  RETURN QUERY SELECT p_begun, to_jsonb(v_attempt);
END
$fn$;

-- prisma/sql/routing/choose_vend_route.sql
-- The route a purchase's next attempt goes to (docs/operating.md "Routes and failover"): the first of the
-- product's routes, in the operators' order, that is switched on, whose circuit and upstream admit an order,
-- and whose upstream this purchase has not tried yet. A product without routes (and every test-mode
-- purchase, p_use_routes false) has one: the default upstream, with the catalog's names and the cost its
-- begin statement recorded, tried once, whatever its circuit says: with nowhere else to go, circuits would
-- only turn one upstream's passing refusal into refusals of every order. Nothing is returned when no route
-- admits the order.
CREATE OR REPLACE FUNCTION choose_vend_route(
  p_transaction transactions, p_default_provider text, p_use_routes boolean, p_cooldown interval
) RETURNS TABLE (route_id uuid, provider text, upstream_service text, upstream_code text, cost bigint)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_product text := CASE WHEN p_transaction.service = 'AIRTIME' THEN p_transaction.network_id ELSE p_transaction.plan_id END;
  v_tried text[];
  v_route product_routes;
  v_admitted text;
BEGIN
  SELECT coalesce(array_agg(a.provider), '{}') INTO v_tried FROM vend_attempts a WHERE a.transaction_id = p_transaction.id;

  IF NOT p_use_routes OR NOT EXISTS (
    SELECT 1 FROM product_routes r WHERE r.service = p_transaction.service AND r.product_code = v_product
  ) THEN
    IF cardinality(v_tried) = 0 THEN
      RETURN QUERY SELECT NULL::uuid, p_default_provider, NULL::text, NULL::text, p_transaction.cost;
    END IF;
    RETURN;
  END IF;

  FOR v_route IN
    SELECT r.* FROM product_routes r
    WHERE r.service = p_transaction.service AND r.product_code = v_product AND r.enabled AND r.provider <> ALL (v_tried)
    ORDER BY r.position, r.created_at, r.id
  LOOP
    -- The route's own circuit first, then its upstream's; a route trial claimed for an upstream that then
    -- refuses the order is handed back.
    v_admitted := admit_route(v_route.id, p_cooldown);
    CONTINUE WHEN v_admitted = 'no';
    IF NOT admit_upstream(v_route.provider, p_cooldown) THEN
      IF v_admitted = 'trial' THEN
        UPDATE product_routes r SET trial_started_at = NULL WHERE r.id = v_route.id;
      END IF;
      CONTINUE;
    END IF;
    RETURN QUERY SELECT v_route.id, v_route.provider, v_route.upstream_service, v_route.upstream_code,
      CASE WHEN v_route.commission_bps IS NOT NULL
           THEN p_transaction.amount - (p_transaction.amount * v_route.commission_bps) / 10000
           ELSE v_route.cost_price END;
    RETURN;
  END LOOP;
END
$fn$;

-- prisma/sql/routing/new_upstream_request_id.sql
-- A fresh id for an upstream request: the Lagos date and time YYYYMMDDHHII, then 32 hex characters of a
-- random UUID (VTpass wants the first 12 characters so; Clubkonnect takes any RequestID). The same form
-- as transactions.upstream_request_id's default, so a request id's age can be read from it.
CREATE OR REPLACE FUNCTION new_upstream_request_id() RETURNS text
LANGUAGE sql VOLATILE AS $fn$
  SELECT to_char(now() AT TIME ZONE 'Africa/Lagos', 'YYYYMMDDHH24MI') || replace(gen_random_uuid()::text, '-', '')
$fn$;

-- prisma/sql/routing/record_upstream_health.sql
-- What one vend's answer says about its route and upstream (docs/operating.md "Upstream health"):
--   'ok'            the upstream answered about the order: their runs of failures end, an open or
--                   half-open circuit closes;
--   'route'         this route's product was refused (unknown, unavailable, refused arguments): one more
--                   failure of the route, whose upstream did answer;
--   'upstream'      no answer (time-out, 5xx, garbled) or no connection: one more failure of the upstream;
--   'upstream-now'  a refusal every order would meet (our wallet there is empty, our credentials or account
--                   refused): the upstream's circuit opens at once;
--   'none'          nothing (a requery).
-- A circuit opens when its failures in a row reach p_threshold, or when its half-open trial fails.
-- Rows are written only when something changes, so a healthy upstream costs no write per purchase.
CREATE OR REPLACE FUNCTION record_upstream_health(
  p_provider text, p_route_id uuid, p_health text, p_reason text, p_threshold integer
) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_health IN ('ok', 'route') THEN
    UPDATE upstream_providers
    SET consecutive_failures = 0, circuit_opened_at = NULL, circuit_reason = NULL, trial_started_at = NULL, updated_at = now()
    WHERE name = p_provider AND (consecutive_failures <> 0 OR circuit_opened_at IS NOT NULL OR trial_started_at IS NOT NULL);
  END IF;
  IF p_health = 'ok' THEN
    UPDATE product_routes
    SET consecutive_failures = 0, circuit_opened_at = NULL, circuit_reason = NULL, trial_started_at = NULL, updated_at = now()
    WHERE id = p_route_id AND (consecutive_failures <> 0 OR circuit_opened_at IS NOT NULL OR trial_started_at IS NOT NULL);
  ELSIF p_health = 'route' THEN
    UPDATE product_routes
    SET consecutive_failures = consecutive_failures + 1,
        circuit_opened_at = CASE WHEN consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                                 THEN now() ELSE circuit_opened_at END,
        circuit_reason = CASE WHEN consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                              THEN p_reason ELSE circuit_reason END,
        trial_started_at = NULL, updated_at = now()
    WHERE id = p_route_id;
  ELSIF p_health IN ('upstream', 'upstream-now') THEN
    UPDATE upstream_providers
    SET consecutive_failures = consecutive_failures + 1,
        circuit_opened_at = CASE WHEN p_health = 'upstream-now' OR consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                                 THEN now() ELSE circuit_opened_at END,
        circuit_reason = CASE WHEN p_health = 'upstream-now' OR consecutive_failures + 1 >= p_threshold OR trial_started_at IS NOT NULL
                              THEN p_reason ELSE circuit_reason END,
        trial_started_at = NULL, updated_at = now()
    WHERE name = p_provider;
  END IF;
END
$fn$;

-- prisma/sql/routing/settle_purchase_attempt.sql
-- What a vend attempt's answer (or a requery, or a callback confirmed by one) does to the purchase, in one
-- statement under the purchase's row lock (docs/operating.md "Routes and failover"):
--   the attempt records its outcome once (an attempt already answered keeps its first outcome), and its
--   route and upstream their health (p_health, see record_upstream_health);
--   DELIVERED settles the purchase successful, FAILED failed (refunded), SENDING or PENDING leaves it pending
--   for the requery, each through settle_purchase with the attempt's upstream, cost and request id;
--   REFUSED (refused before anything was executed) starts the next route's attempt when p_may_fail_over
--   (the purchase's own request, never a requery) and one admits the order, else fails the purchase.
-- Only the purchase's latest attempt settles it, and only while it is pending: an answer that comes late
-- changes nothing but its own attempt's record. Returns the purchase, and the next attempt to send if one
-- was started.
CREATE OR REPLACE FUNCTION settle_purchase_attempt(
  p_attempt_id uuid, p_status "VendAttemptStatus", p_provider_reference text, p_reason text, p_latency_ms integer,
  p_health text, p_may_fail_over boolean, p_default_provider text, p_requery_after interval,
  p_circuit_failures integer, p_cooldown interval,
  p_token text DEFAULT NULL, p_pins jsonb DEFAULT NULL, p_units text DEFAULT NULL, p_bonus_token text DEFAULT NULL,
  p_reversal_check_after interval DEFAULT NULL
) RETURNS TABLE (purchase purchase_row, next_attempt jsonb)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_attempt vend_attempts;
  v_transaction transactions;
  v_next vend_attempts;
  v_row purchase_row;
BEGIN
  SELECT * INTO v_attempt FROM vend_attempts a WHERE a.id = p_attempt_id;
  IF v_attempt.id IS NULL THEN
    RETURN;
  END IF;
  -- The purchase's row first, as every statement that changes a purchase takes it.
  SELECT * INTO v_transaction FROM transactions t WHERE t.id = v_attempt.transaction_id FOR UPDATE;
  SELECT * INTO v_attempt FROM vend_attempts a WHERE a.id = p_attempt_id FOR UPDATE;

  IF v_attempt.status IN ('SENDING', 'PENDING') THEN
    UPDATE vend_attempts a
    SET status = p_status,
        provider_reference = COALESCE(p_provider_reference, a.provider_reference),
        reason = COALESCE(p_reason, a.reason),
        latency_ms = COALESCE(a.latency_ms, p_latency_ms),
        answered_at = COALESCE(a.answered_at, now())
    WHERE a.id = p_attempt_id
    RETURNING * INTO v_attempt;
    PERFORM record_upstream_health(v_attempt.provider, v_attempt.route_id, p_health, p_reason, p_circuit_failures);
  END IF;

  IF v_transaction.status <> 'PENDING' OR EXISTS (
    SELECT 1 FROM vend_attempts a WHERE a.transaction_id = v_transaction.id AND a.attempt_number > v_attempt.attempt_number
  ) THEN
    RETURN QUERY SELECT purchase_row_of(v_transaction, false), NULL::jsonb;
    RETURN;
  END IF;

  IF v_attempt.status = 'REFUSED' AND p_may_fail_over THEN
    v_next := start_vend_attempt(v_transaction, p_default_provider, true, p_cooldown);
    IF v_next.id IS NOT NULL THEN
      RETURN QUERY SELECT purchase_row_of(v_transaction, false), to_jsonb(v_next);
      RETURN;
    END IF;
  END IF;

  SELECT * INTO v_row FROM settle_purchase(
    v_transaction.id,
    CASE v_attempt.status WHEN 'DELIVERED' THEN 'SUCCESSFUL' WHEN 'FAILED' THEN 'FAILED' WHEN 'REFUSED' THEN 'FAILED'
                          ELSE 'PENDING' END::"TransactionStatus",
    v_attempt.provider_reference,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_token END,
    CASE WHEN v_attempt.status IN ('FAILED', 'REFUSED') THEN v_attempt.reason END,
    p_requery_after,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_pins END,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_units END,
    CASE WHEN v_attempt.status = 'DELIVERED' THEN p_bonus_token END,
    p_reversal_check_after,
    v_attempt);
  RETURN QUERY SELECT v_row, NULL::jsonb;
END
$fn$;

-- prisma/sql/routing/start_vend_attempt.sql
-- Records a purchase's next attempt on the route choose_vend_route picks, with the request id it will be
-- sent under, before anything is sent: the first attempt under the id the begin statement gave the
-- purchase, a later one under a fresh id. Returns NULL (no row) when no route admits the order. The
-- transaction row is not touched here: it takes the attempt's upstream, cost and request id when settled.
CREATE OR REPLACE FUNCTION start_vend_attempt(
  p_transaction transactions, p_default_provider text, p_use_routes boolean, p_cooldown interval
) RETURNS vend_attempts
LANGUAGE plpgsql AS $fn$
DECLARE
  v_route record;
  v_number integer;
  v_attempt vend_attempts;
BEGIN
  SELECT * INTO v_route FROM choose_vend_route(p_transaction, p_default_provider, p_use_routes, p_cooldown);
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(max(a.attempt_number), 0) + 1 INTO v_number FROM vend_attempts a WHERE a.transaction_id = p_transaction.id;
  INSERT INTO vend_attempts (transaction_id, attempt_number, provider, route_id, upstream_service, upstream_code,
                             upstream_request_id, cost)
  VALUES (p_transaction.id, v_number, v_route.provider, v_route.route_id, v_route.upstream_service, v_route.upstream_code,
          CASE WHEN v_number = 1 AND p_transaction.upstream_request_id IS NOT NULL
               THEN p_transaction.upstream_request_id ELSE new_upstream_request_id() END,
          v_route.cost)
  RETURNING * INTO v_attempt;
  RETURN v_attempt;
END
$fn$;

-- prisma/sql/test-mode/prune_test_data.sql
-- Test mode (docs/integrating.md "Test mode"): test data older than TEST_DATA_RETENTION_DAYS is pruned, one
-- account at a time, under the test wallet's row lock (a test purchase of that account waits a moment;
-- nothing live ever does). Settled test transactions begun before the cutoff go with their ledger
-- entries and vend attempts, and so do the test wallet's older top-ups and resets. The wallet keeps its
-- balance: one ADJUSTMENT entry carries the deleted entries' net amount forward, so the test ledger still
-- adds up to the balance and its latest entry still holds it (what ledger:check proves). Returns how many
-- transactions and ledger entries were deleted. Pending test transactions are kept until settled.
CREATE OR REPLACE FUNCTION prune_test_data(p_account_id uuid, p_before timestamptz, OUT transactions integer, OUT ledger_entries integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_balance bigint;
  v_pruned uuid[];
  v_net bigint;
BEGIN
  transactions := 0;
  ledger_entries := 0;
  SELECT balance INTO v_balance FROM wallets WHERE account_id = p_account_id AND NOT livemode FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  -- The ids first, so both deletes act on the same transactions even if one settles meanwhile.
  SELECT COALESCE(array_agg(id), '{}') INTO v_pruned FROM transactions
  WHERE account_id = p_account_id AND NOT livemode AND status <> 'PENDING' AND created_at < p_before;

  WITH deleted AS (
    DELETE FROM ledger_entries l
    WHERE l.account_id = p_account_id AND NOT l.livemode
      AND (l.transaction_id = ANY (v_pruned) OR (l.transaction_id IS NULL AND l.created_at < p_before))
    RETURNING l.amount
  )
  SELECT COALESCE(sum(amount), 0), count(*) INTO v_net, ledger_entries FROM deleted;
  -- What points at a transaction goes before it: its vend attempts (their foreign key restricts).
  DELETE FROM vend_attempts WHERE transaction_id = ANY (v_pruned);
  DELETE FROM transactions WHERE id = ANY (v_pruned);

  IF v_net <> 0 THEN
    INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, note)
    VALUES (p_account_id, false, 'ADJUSTMENT', v_net, v_balance, 'pruned test data carried forward');
  END IF;
  transactions := cardinality(v_pruned);
END
$fn$;
