-- The test wallet's balance set by its owner (the portal's "Reset"), or opened: an ADJUSTMENT ledger
-- entry of the difference, so the test wallet's ledger adds up to its balance like the live one's.
-- Creates the test wallet when the account has none. Returns the balance.
CREATE OR REPLACE FUNCTION set_test_wallet_balance(p_account_id uuid, p_balance bigint, p_user_id uuid, p_note text) RETURNS bigint
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
