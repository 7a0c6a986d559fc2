-- Credits a transfer recorded as CREDITED (by record_bank_transfer or assign_bank_transfer) to its
-- account's wallet of its mode: the balance, one FUNDING ledger entry (whose trigger writes the
-- wallet.funded event) and the transfer's link to that entry. Called only from those two functions,
-- in their statement.
CREATE OR REPLACE FUNCTION credit_bank_transfer(p_transfer_id uuid, p_user_id uuid) RETURNS bigint
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transfer bank_transfers;
  v_entry_id bigint;
BEGIN
  SELECT * INTO STRICT v_transfer FROM bank_transfers WHERE id = p_transfer_id AND status = 'CREDITED' AND ledger_entry_id IS NULL;
  WITH credited AS (
    UPDATE wallets SET balance = balance + v_transfer.credited, updated_at = now()
    WHERE account_id = v_transfer.account_id AND livemode = v_transfer.livemode
    RETURNING account_id, livemode, balance
  )
  INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, funding_reference, user_id, note)
  SELECT account_id, livemode, 'FUNDING', v_transfer.credited, balance, v_transfer.reference, p_user_id,
         concat_ws(' ', CASE WHEN v_transfer.livemode THEN 'Bank transfer' ELSE 'Simulated bank transfer' END,
                   'from ' || v_transfer.payer_name, '(' || v_transfer.payer_bank || ')')
  FROM credited
  RETURNING id INTO v_entry_id;
  IF v_entry_id IS NULL THEN
    RAISE EXCEPTION 'account % has no wallet (livemode %)', v_transfer.account_id, v_transfer.livemode;
  END IF;
  UPDATE bank_transfers SET ledger_entry_id = v_entry_id WHERE id = p_transfer_id;
  RETURN v_entry_id;
END
$fn$;
