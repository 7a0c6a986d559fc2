-- An operator assigns an unmatched transfer to an account: credited as record_bank_transfer would have
-- (net of the fee when p_deduct_fee), once. Only an UNMATCHED transfer changes, under its row lock, so
-- two operators assigning at once credit it once; returns no row when it was no longer unmatched.
CREATE OR REPLACE FUNCTION assign_bank_transfer(
  p_transfer_id uuid, p_account_id uuid, p_deduct_fee boolean, p_user_id uuid, p_resolved_by text, p_note text
) RETURNS TABLE (transfer_id uuid, ledger_entry_id bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_id uuid;
BEGIN
  UPDATE bank_transfers b
  SET status = 'CREDITED', account_id = p_account_id,
      fee = CASE WHEN p_deduct_fee THEN b.provider_fee ELSE 0 END,
      credited = b.amount - CASE WHEN p_deduct_fee THEN b.provider_fee ELSE 0 END,
      credited_at = now(), resolved_by = p_resolved_by, resolved_at = now(), resolution_note = p_note
  WHERE b.id = p_transfer_id AND b.status = 'UNMATCHED'
  RETURNING b.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT v_id, credit_bank_transfer(v_id, p_user_id);
END
$fn$;
