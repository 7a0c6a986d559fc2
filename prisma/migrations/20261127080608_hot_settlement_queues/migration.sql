-- Issue 38: settlement as a HOT update (docs/architecture.md "Why the queues are tables"). The reconciler's
-- queue and the reversal sweep's become tables of their own, so settle_purchase no longer changes a column
-- an index of transactions holds; the old indexes are dropped CONCURRENTLY by later files, and the
-- provider reference is searched through vend_attempts.
--
-- Not one purchase may be lost from the reconciler's queue: the new insert_purchase writes the queue row,
-- the old one does not. So the backfill runs in the transaction that replaces the functions, under a lock
-- on transactions that waits for every purchase in flight and holds off new ones until this commits:
-- every PENDING purchase claimed by the old functions is in the backfill's snapshot, and every later one
-- runs the new insert_purchase. (SHARE ROW EXCLUSIVE rather than SHARE: the queues' foreign keys need it.)
-- A call that had already begun the old body and waits here runs it on after this commits:
-- 20261127080609 catches up what such a call wrote. The lock is taken by tries of 100 ms, so purchases
-- never queue behind a lock request that waits (docs/architecture.md "Migrations on a big database").
SET LOCAL lock_timeout = '100ms';
DO $lock$
BEGIN
  FOR attempt IN 1..100 LOOP
    BEGIN
      LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;
      RETURN;
    EXCEPTION WHEN lock_not_available THEN
      PERFORM pg_sleep(0.2);
    END;
  END LOOP;
  RAISE EXCEPTION 'hot_settlement_queues: could not lock transactions; deploy again';
END
$lock$;
SET LOCAL lock_timeout = '1s';

CREATE TABLE "purchase_requeries" (
    "transaction_id" UUID NOT NULL,
    "next_requery_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "purchase_requeries_pkey" PRIMARY KEY ("transaction_id")
);

CREATE TABLE "reversal_checks" (
    "transaction_id" UUID NOT NULL,
    "check_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reversal_checks_pkey" PRIMARY KEY ("transaction_id")
);

-- The queues are filled before their time indexes are built (both hold only the pending purchases and the
-- watched deliveries: small). The reads use the old indexes, which are still there.
INSERT INTO "purchase_requeries" ("transaction_id", "next_requery_at")
SELECT "id", COALESCE("next_requery_at", now()) FROM "transactions" WHERE "status" = 'PENDING';

INSERT INTO "reversal_checks" ("transaction_id", "check_at")
SELECT "id", "reversal_check_at" FROM "transactions" WHERE "reversal_check_at" IS NOT NULL;

CREATE INDEX "purchase_requeries_next_requery_at_transaction_id_idx" ON "purchase_requeries"("next_requery_at", "transaction_id");

CREATE INDEX "reversal_checks_check_at_transaction_id_idx" ON "reversal_checks"("check_at", "transaction_id");

ALTER TABLE "purchase_requeries" ADD CONSTRAINT "purchase_requeries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "reversal_checks" ADD CONSTRAINT "reversal_checks_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Room on each page for a settlement's new row version next to the old one: a HOT update needs the same
-- page. A page is filled by purchases made one after another, which settle at about the same time, the
-- slow ones together; each settlement needs a row's room until PostgreSQL prunes the old version (once
-- it commits). A fifth of the page holds a few such versions at once, for a table a quarter larger on
-- the pages filled from now on (old pages are not rewritten: they hold settled purchases). It is the
-- figure the issue's experiment measured.
ALTER TABLE "transactions" SET (fillfactor = 80);

-- prisma/sql/purchases/insert_purchase.sql
-- The purchase itself, once the begin function has priced the order: claim the reference (the unique
-- index decides between simultaneous requests), put it in the reconciler's queue (purchase_requeries: a
-- row while it is pending), debit the wallet only if it covers the amount (RP402 otherwise, and the whole
-- statement rolls back), and write the PURCHASE ledger entry with the balance after it. A reference claimed
-- meanwhile by another request returns that transaction, not created. transactions.next_requery_at is still
-- written for a reconciler of the previous release during a rolling deploy (nothing reads it since).
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
  INSERT INTO transactions (account_id, livemode, client_reference, service, status, order_fingerprint, plan_id,
                            network_id, product_name, recipient, customer_name, amount, cost, channel,
                            api_key_id, user_id, source_ip, next_requery_at)
  VALUES (p_account_id, p_livemode, p_client_reference, p_service, 'PENDING', p_order_fingerprint, p_plan_id,
          p_network_id, p_product_name, p_recipient, p_customer_name, p_amount, p_cost, p_channel,
          p_api_key_id, p_user_id, p_source_ip, now() + p_requery_after)
  ON CONFLICT (account_id, livemode, client_reference) DO NOTHING
  RETURNING * INTO v_transaction;

  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_transaction FROM transactions
    WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
    RETURN NEXT purchase_row_of(v_transaction, false);
    RETURN;
  END IF;

  INSERT INTO purchase_requeries (transaction_id, next_requery_at) VALUES (v_transaction.id, v_transaction.next_requery_at);

  UPDATE wallets SET balance = balance - p_amount, updated_at = now()
  WHERE account_id = p_account_id AND livemode = p_livemode AND balance >= p_amount
  RETURNING balance INTO v_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'RP402';
  END IF;

  INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, transaction_id, user_id)
  VALUES (p_account_id, p_livemode, 'PURCHASE', -p_amount, v_balance, v_transaction.id, p_user_id);

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
    RETURNING * INTO v_transaction;

    IF v_transaction.id IS NOT NULL THEN
      DELETE FROM purchase_requeries WHERE transaction_id = v_transaction.id;
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
