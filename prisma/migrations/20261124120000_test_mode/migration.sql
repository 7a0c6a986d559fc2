-- Issue 21, test mode (README "Test mode"): pk_test_ keys buy from the sandbox with play money, beside
-- pk_live_ keys. The mode is a column of every row that belongs to one world or the other, and it is in
-- the keys that tie them together, so the database itself keeps play money out of live wallets:
--   wallets        (account_id, livemode) is the key: each account has a live and a test wallet;
--   ledger_entries (account_id, livemode) -> wallets, (transaction_id, livemode) -> transactions;
--   transactions   (api_key_id, livemode) -> api_keys, and clientReference unique per (account, mode).
-- This file adds the columns (a constant default: no table rewrite) and the small tables' keys. The big
-- tables' indexes follow, each alone in its file (CONCURRENTLY), then the functions and the keys that
-- use them (20261124120300), then their validation (20261124120400).
SET LOCAL lock_timeout = '1s';

ALTER TABLE "api_keys" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "wallets" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "ledger_entries" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "transactions" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "webhook_endpoints" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "webhook_events" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;

-- A key's prefix says its mode, and the database holds the two together.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_prefix_matches_mode"
  CHECK (prefix = CASE WHEN livemode THEN 'pk_live_' ELSE 'pk_test_' END);
CREATE UNIQUE INDEX "api_keys_id_livemode_key" ON "api_keys"("id", "livemode");

-- One wallet per account and mode (a thousand rows at the volume benchmark's size: the rebuild is instant).
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_pkey", ADD CONSTRAINT "wallets_pkey" PRIMARY KEY ("account_id", "livemode");

-- The test wallet's balance set by its owner (the portal's "Reset"), or opened: an ADJUSTMENT ledger
-- entry of the difference, so the test wallet's ledger adds up to its balance like the live one's.
-- Creates the test wallet when the account has none. Returns the balance.
CREATE FUNCTION set_test_wallet_balance(p_account_id uuid, p_balance bigint, p_user_id uuid, p_note text) RETURNS bigint
LANGUAGE plpgsql AS $fn$
DECLARE
  v_before bigint;
BEGIN
  INSERT INTO wallets (account_id, livemode, balance) VALUES (p_account_id, false, 0) ON CONFLICT DO NOTHING;
  SELECT balance INTO v_before FROM wallets WHERE account_id = p_account_id AND NOT livemode FOR UPDATE;
  IF v_before <> p_balance THEN
    UPDATE wallets SET balance = p_balance, updated_at = now() WHERE account_id = p_account_id AND NOT livemode;
    INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, user_id, note)
    VALUES (p_account_id, false, 'ADJUSTMENT', p_balance - v_before, p_balance, p_user_id, p_note);
  END IF;
  RETURN p_balance;
END
$fn$;

-- The existing accounts' test wallets are opened by 20261124120300, in the transaction that teaches the
-- purchase functions the mode: until then a function that updates "the wallet of the account" must
-- find only one.
