-- Issue 38: the purchase functions run fewer statements and calls of their own, and one wallet's claims take
-- turns on an advisory lock rather than on the rows they share (docs/architecture.md "What keeps the hot path
-- short"); signatures unchanged, so a server of the previous release calls them as before.

-- prisma/sql/purchases/insert_purchase.sql
-- The purchase itself, once the begin function has priced the order: claim the reference (the unique
-- index decides between simultaneous requests), put it in the reconciler's queue (purchase_requeries: a
-- row while it is pending), debit the wallet only if it covers the amount (RP402 otherwise, and the whole
-- statement rolls back), and write the PURCHASE ledger entry with the balance after it. A reference claimed
-- meanwhile by another request returns that transaction, not created.
CREATE OR REPLACE FUNCTION insert_purchase(
  p_account_id uuid, p_client_reference text, p_service "Service", p_order_fingerprint text,
  p_plan_id text, p_network_id text, p_product_name text, p_recipient text, p_customer_name text,
  p_amount bigint, p_cost bigint, p_channel "Channel", p_api_key_id uuid, p_user_id uuid, p_source_ip text,
  p_requery_after interval, p_livemode boolean
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  -- Claims of one wallet take turns here, first in line and one woken at a time, before they touch a row
  -- they all share (the day's totals, the wallet). Waiting on those rows instead, every commit woke every
  -- waiter to find the row changed and queue again, and that churn doubled the database's CPU per purchase
  -- under load (docs/performance.md "Reading the figures"). 3800 names the purchase claims among the
  -- application's advisory locks; a hash collision only makes two wallets take turns.
  PERFORM pg_advisory_xact_lock(3800, hashtext(p_account_id::text || p_livemode::text));
  INSERT INTO transactions (account_id, livemode, client_reference, service, status, order_fingerprint, plan_id,
                            network_id, product_name, recipient, customer_name, amount, cost, channel,
                            api_key_id, user_id, source_ip)
  VALUES (p_account_id, p_livemode, p_client_reference, p_service, 'PENDING', p_order_fingerprint, p_plan_id,
          p_network_id, p_product_name, p_recipient, p_customer_name, p_amount, p_cost, p_channel,
          p_api_key_id, p_user_id, p_source_ip)
  ON CONFLICT (account_id, livemode, client_reference) DO NOTHING
  RETURNING * INTO v_transaction;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions
    WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  -- One statement for the rest (each statement of a function costs its own executor start): the debit first,
  -- whose row lock the main query takes as it reads it; the queue row and the ledger entry when it ends. No
  -- debit (the balance does not cover it), no ledger entry, and the exception below undoes the rest.
  WITH debit AS (
    UPDATE wallets SET balance = balance - p_amount, updated_at = now()
    WHERE account_id = p_account_id AND livemode = p_livemode AND balance >= p_amount
    RETURNING balance
  ), queued AS (
    INSERT INTO purchase_requeries (transaction_id, next_requery_at) VALUES (v_transaction.id, now() + p_requery_after)
  ), entry AS (
    INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, transaction_id, user_id)
    SELECT p_account_id, p_livemode, 'PURCHASE'::"LedgerKind", -p_amount, debit.balance, v_transaction.id, p_user_id FROM debit
  )
  SELECT balance INTO v_balance FROM debit;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'RP402';
  END IF;

  RETURN NEXT purchase_row_of(v_transaction, true);
END
$fn$;

-- prisma/sql/purchases/settle_purchase.sql
-- Settlement: successful with what was delivered (pins, units, bonus token) and, when the provider can
-- reverse a delivery, the reversal sweep's first check (reversal_checks); or failed with the debit refunded
-- to the wallet of the transaction's own mode; or still pending, asked again after p_requery_after (its
-- purchase_requeries row), else it leaves the reconciler's queue. Only a PENDING transaction changes, so a
-- settlement repeated or raced by the reconciler or a callback changes nothing.
-- The update of transactions changes no column an index of transactions holds (the queues are tables of
-- their own, the provider reference is searched through vend_attempts), so PostgreSQL can make it a HOT
-- update: no new entry in any of the table's indexes (docs/architecture.md "Why the queues are tables").
-- The purchase's row is locked before its queue row, as everywhere (the reconciler's lease skips both).
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
        updated_at = now(),
        provider = CASE WHEN p_attempt.id IS NULL THEN provider ELSE p_attempt.provider END,
        cost = CASE WHEN p_attempt.id IS NULL THEN cost ELSE p_attempt.cost END,
        upstream_request_id = CASE WHEN p_attempt.id IS NULL THEN upstream_request_id ELSE p_attempt.upstream_request_id END
    WHERE id = p_transaction_id AND status = 'PENDING'
    RETURNING * INTO v_transaction;
    IF v_transaction.id IS NOT NULL THEN
      UPDATE purchase_requeries SET next_requery_at = now() + p_requery_after WHERE transaction_id = v_transaction.id;
    END IF;
  ELSE
    -- Settled and out of the reconciler's queue in one statement: the purchase's row is updated (locked)
    -- as the main query reads it, the queue row deleted when the statement ends.
    WITH settled AS (
      UPDATE transactions
      SET status = p_status,
          provider_reference = COALESCE(p_provider_reference, provider_reference),
          token = p_token, pins = p_pins, units = p_units, bonus_token = p_bonus_token,
          failure_reason = p_failure_reason,
          completed_at = now(), updated_at = now(),
          provider = CASE WHEN p_attempt.id IS NULL THEN provider ELSE p_attempt.provider END,
          cost = CASE WHEN p_attempt.id IS NULL THEN cost ELSE p_attempt.cost END,
          upstream_request_id = CASE WHEN p_attempt.id IS NULL THEN upstream_request_id ELSE p_attempt.upstream_request_id END
      WHERE id = p_transaction_id AND status = 'PENDING'
      RETURNING *
    ), dequeued AS (
      DELETE FROM purchase_requeries q USING settled WHERE q.transaction_id = settled.id
    )
    SELECT * INTO v_transaction FROM settled;

    IF v_transaction.id IS NOT NULL THEN
      IF p_status = 'SUCCESSFUL' AND v_transaction.livemode AND p_reversal_check_after IS NOT NULL THEN
        INSERT INTO reversal_checks (transaction_id, check_at) VALUES (v_transaction.id, now() + p_reversal_check_after)
        ON CONFLICT (transaction_id) DO UPDATE SET check_at = EXCLUDED.check_at;
      END IF;
    END IF;

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

-- prisma/sql/purchases/stored_purchase.sql
-- What every begin function does first: confirm a key authorised from memory, then read the transaction
-- already stored under this reference in this mode. A row of NULLs when the reference is free: the caller
-- checks its id.
-- p_key_authorization is null when the caller looked the key up in this request (or is a portal user):
-- nothing to confirm. Otherwise the key must still be unrevoked and its account's key authorization
-- version unchanged (docs/decisions/003-key-memory.md), else nothing is read or written (RP401). The check
-- is written here rather than called: every purchase and every retry comes through this function.
CREATE OR REPLACE FUNCTION stored_purchase(
  p_account_id uuid, p_livemode boolean, p_client_reference text, p_api_key_id uuid, p_key_authorization uuid
) RETURNS transactions
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
BEGIN
  IF p_key_authorization IS NOT NULL THEN
    PERFORM 1 FROM api_keys k JOIN accounts a ON a.id = k.account_id
    WHERE k.id = p_api_key_id AND k.revoked_at IS NULL AND a.key_authorization_version = p_key_authorization;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the API key or its account changed since it was authorised' USING ERRCODE = 'RP401';
    END IF;
  END IF;
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
  RETURN v_transaction;
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
  -- Rows are returned by RETURN NEXT of the output columns, not RETURN QUERY: no query of its own to run
  -- (every purchase and every retry comes through here).
  IF NOT p_begun.created THEN
    purchase := p_begun;
    RETURN NEXT;
    RETURN;
  END IF;
  -- Inserted by this same statement: no other can see the row before it commits, so no lock is needed.
  SELECT * INTO v_transaction FROM transactions t WHERE t.id = p_begun.id;
  v_attempt := start_vend_attempt(v_transaction, p_default_provider, p_use_routes, p_cooldown);
  IF v_attempt.id IS NULL THEN
    SELECT * INTO v_row FROM settle_purchase(p_begun.id, 'FAILED', NULL, NULL, p_no_route_reason, interval '0');
    purchase := v_row;
    RETURN NEXT;
    RETURN;
  END IF;
  purchase := p_begun;
  attempt := to_jsonb(v_attempt);
  RETURN NEXT;
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
      -- The row as output columns and RETURN NEXT, not RETURN QUERY: no query of its own (every purchase
      -- of a product without routes comes here).
      provider := p_default_provider;
      cost := p_transaction.cost;
      RETURN NEXT;
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
    route_id := v_route.id;
    provider := v_route.provider;
    upstream_service := v_route.upstream_service;
    upstream_code := v_route.upstream_code;
    cost := CASE WHEN v_route.commission_bps IS NOT NULL
                 THEN p_transaction.amount - (p_transaction.amount * v_route.commission_bps) / 10000
                 ELSE v_route.cost_price END;
    RETURN NEXT;
    RETURN;
  END LOOP;
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
-- Every purchase settles here, so it is kept to few statements (docs/architecture.md "What keeps the hot
-- path short"): the purchase is found and locked through its attempt in one, the attempt is locked and
-- answered in one, a healthy upstream's 'ok' writes nothing and calls nothing, and the row is returned by
-- RETURN NEXT of the output columns rather than by a query.
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
  -- The purchase's row first, as every statement that changes a purchase takes it.
  SELECT t.* INTO v_transaction FROM transactions t
  WHERE t.id = (SELECT a.transaction_id FROM vend_attempts a WHERE a.id = p_attempt_id)
  FOR UPDATE OF t;
  IF v_transaction.id IS NULL THEN
    RETURN;
  END IF;

  -- Then the attempt's: answered now if it was waiting for an answer, else as it stands (every change of an
  -- attempt holds its purchase's lock, which this statement holds).
  UPDATE vend_attempts a
  SET status = p_status,
      provider_reference = COALESCE(p_provider_reference, a.provider_reference),
      reason = COALESCE(p_reason, a.reason),
      latency_ms = COALESCE(a.latency_ms, p_latency_ms),
      answered_at = COALESCE(a.answered_at, now())
  WHERE a.id = p_attempt_id AND a.status IN ('SENDING', 'PENDING')
  RETURNING * INTO v_attempt;
  IF v_attempt.id IS NULL THEN
    SELECT * INTO v_attempt FROM vend_attempts a WHERE a.id = p_attempt_id;
  ELSIF p_health IN ('route', 'upstream', 'upstream-now') OR (p_health = 'ok' AND EXISTS (
    -- 'ok' changes something only where a run of failures, an open circuit or a trial is on record.
    SELECT 1 FROM upstream_providers u
    WHERE u.name = v_attempt.provider
      AND (u.consecutive_failures <> 0 OR u.circuit_opened_at IS NOT NULL OR u.trial_started_at IS NOT NULL)
    UNION ALL
    SELECT 1 FROM product_routes r
    WHERE r.id = v_attempt.route_id
      AND (r.consecutive_failures <> 0 OR r.circuit_opened_at IS NOT NULL OR r.trial_started_at IS NOT NULL)
  )) THEN
    PERFORM record_upstream_health(v_attempt.provider, v_attempt.route_id, p_health, p_reason, p_circuit_failures);
  END IF;

  IF v_transaction.status <> 'PENDING' OR EXISTS (
    SELECT 1 FROM vend_attempts a WHERE a.transaction_id = v_transaction.id AND a.attempt_number > v_attempt.attempt_number
  ) THEN
    purchase := purchase_row_of(v_transaction, false);
    RETURN NEXT;
    RETURN;
  END IF;

  IF v_attempt.status = 'REFUSED' AND p_may_fail_over THEN
    v_next := start_vend_attempt(v_transaction, p_default_provider, true, p_cooldown);
    IF v_next.id IS NOT NULL THEN
      purchase := purchase_row_of(v_transaction, false);
      next_attempt := to_jsonb(v_next);
      RETURN NEXT;
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
  purchase := v_row;
  RETURN NEXT;
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
  v_attempt vend_attempts;
BEGIN
  SELECT * INTO v_route FROM choose_vend_route(p_transaction, p_default_provider, p_use_routes, p_cooldown);
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- Numbered in the statement that inserts it (the purchase's lock, or its claiming statement, orders them).
  INSERT INTO vend_attempts (transaction_id, attempt_number, provider, route_id, upstream_service, upstream_code,
                             upstream_request_id, cost)
  SELECT p_transaction.id, numbered.attempt_number, v_route.provider, v_route.route_id, v_route.upstream_service, v_route.upstream_code,
         CASE WHEN numbered.attempt_number = 1 AND p_transaction.upstream_request_id IS NOT NULL
              THEN p_transaction.upstream_request_id ELSE new_upstream_request_id() END,
         v_route.cost
  FROM (SELECT coalesce(max(a.attempt_number), 0) + 1 AS attempt_number FROM vend_attempts a WHERE a.transaction_id = p_transaction.id) numbered
  RETURNING * INTO v_attempt;
  RETURN v_attempt;
END
$fn$;

-- prisma/sql/webhooks/record_webhook_event.sql
-- The one way an event is written: a webhook_events row for the account and mode, delivered by the
-- webhook worker (src/server/services/webhooks) to each endpoint subscribed to its type.
CREATE OR REPLACE FUNCTION record_webhook_event(p_account_id uuid, p_livemode boolean, p_type text, p_subject_id text, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  -- A time-ordered id (milliseconds, then randomness): each new key lands at the index's right edge
  -- instead of a random page, which matters on the purchase path. The event and its deliveries in one
  -- statement: every settled purchase records one.
  WITH event AS (
    INSERT INTO webhook_events (id, account_id, livemode, type, subject_id, data)
    VALUES ('evt_' || lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0')
                   || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20),
            p_account_id, p_livemode, p_type, p_subject_id, p_data)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id, subject_id)
  SELECT event.id, e.id, p_subject_id
  FROM event, webhook_endpoints e
  WHERE e.account_id = p_account_id AND e.livemode = p_livemode AND e.enabled AND p_type = ANY (e.event_types);
END
$fn$;
