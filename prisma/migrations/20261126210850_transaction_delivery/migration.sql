-- What was delivered (README "What was delivered"): the vouchers or cards a purchase sold (`pins`), and
-- for electricity the units and a bonus token, beside the existing `token` (the electricity token, or
-- the first PIN). And the reversal sweep's queue (README "The VTpass provider", "Reversals whose
-- callback never comes"): when a delivered purchase is next asked about, null when it is not watched.
--
-- Nullable columns without defaults: no table rewrite, a moment's lock. The CHECKs are NOT VALID so
-- adding them reads no row (every existing row is null in these columns, so they hold anyway); they
-- bind every row written from now on.
SET LOCAL lock_timeout = '1s';

ALTER TABLE "transactions" ADD COLUMN "pins" JSONB,
ADD COLUMN "units" TEXT,
ADD COLUMN "bonus_token" TEXT,
ADD COLUMN "reversal_check_at" TIMESTAMPTZ(3);

-- Bounded like any foreign text we store: at most 100 cards (VTpass sells up to `quantity` at once), each
-- a PIN with or without a serial, every string at most 200 characters.
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_pins_shape" CHECK (
  pins IS NULL OR (
    jsonb_typeof(pins) = 'array' AND jsonb_array_length(pins) BETWEEN 1 AND 100
    AND NOT jsonb_path_exists(pins, '$[*] ? (!(@.pin.type() == "string" && @.pin like_regex "^.{1,200}$"
                                          && (@.serial == null || @.serial like_regex "^.{1,200}$")))'))
) NOT VALID;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_delivered_text_length" CHECK (
  length(units) <= 100 AND length(bonus_token) <= 200
) NOT VALID;

-- The purchase functions return what was delivered with the row.
ALTER TYPE purchase_row ADD ATTRIBUTE pins jsonb, ADD ATTRIBUTE units text, ADD ATTRIBUTE bonus_token text;
CREATE OR REPLACE FUNCTION purchase_row_of(t transactions, created boolean) RETURNS purchase_row
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ROW(created, t.id, t.account_id, t.client_reference, t.service, t.status, t.order_fingerprint,
             t.plan_id, t.network_id, t.product_name, t.recipient, t.customer_name, t.amount, t.token,
             t.provider_reference, t.failure_reason, t.channel, t.api_key_id, t.user_id, t.source_ip,
             t.created_at, t.completed_at, t.upstream_request_id, t.livemode, t.pins, t.units, t.bonus_token)::purchase_row
$fn$;

-- Settlement records what was delivered, and (p_reversal_check_after, for an upstream that can reverse a
-- delivered order: VTpass) when the sweep first asks whether a live purchase was reversed. The new
-- parameters come last with defaults, so the previous release, still running during a deploy, settles
-- as before.
DROP FUNCTION settle_purchase(uuid, "TransactionStatus", text, text, text, interval);
CREATE FUNCTION settle_purchase(
  p_transaction_id uuid, p_status "TransactionStatus", p_provider_reference text, p_token text,
  p_failure_reason text, p_requery_after interval, p_pins jsonb DEFAULT NULL, p_units text DEFAULT NULL,
  p_bonus_token text DEFAULT NULL, p_reversal_check_after interval DEFAULT NULL
) RETURNS SETOF purchase_row
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
  v_balance bigint;
BEGIN
  IF p_status = 'PENDING' THEN
    UPDATE transactions
    SET provider_reference = COALESCE(p_provider_reference, provider_reference),
        next_requery_at = now() + p_requery_after, updated_at = now()
    WHERE id = p_transaction_id AND status = 'PENDING'
    RETURNING * INTO v_transaction;
  ELSE
    UPDATE transactions
    SET status = p_status,
        provider_reference = COALESCE(p_provider_reference, provider_reference),
        token = p_token, pins = p_pins, units = p_units, bonus_token = p_bonus_token,
        failure_reason = p_failure_reason,
        completed_at = now(), next_requery_at = NULL, updated_at = now(),
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
