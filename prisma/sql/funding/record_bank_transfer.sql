-- A transfer the provider confirmed, recorded exactly once: the unique (provider, reference) is the
-- claim. A repeat (a webhook sent again, the reconciler, another process, after a crash) finds the row
-- and changes nothing; a simultaneous one waits on the index for this one to commit, then finds it.
-- Matched to the funding account it was paid to (the provider's customer, else the receiving account
-- number) and credited, net of the provider's fee when p_deduct_fee; anything that does not match
-- (p_mismatch from the caller, an unknown, pending, failed or deactivated funding account, another
-- receiving account, a currency other than NGN, a fee as large as the amount, a reference the account
-- was already funded with by hand) is recorded UNMATCHED with the reason, for the operators' queue.
-- One statement for the caller, so a crash leaves either nothing or the whole of it.
CREATE OR REPLACE FUNCTION record_bank_transfer(
  p_provider text, p_reference text, p_provider_transaction_id text, p_amount bigint, p_provider_fee bigint,
  p_currency text, p_channel text, p_payer_name text, p_payer_bank text, p_payer_account_number text,
  p_narration text, p_receiver_account_number text, p_customer_code text, p_paid_at timestamptz,
  p_deduct_fee boolean, p_mismatch text, p_recorded_via text
) RETURNS TABLE (transfer_id uuid, transfer_status "BankTransferStatus", newly_recorded boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_account funding_accounts;
  v_found boolean := false;
  v_reason text := p_mismatch;
  v_fee bigint := CASE WHEN p_deduct_fee THEN p_provider_fee ELSE 0 END;
  v_id uuid;
BEGIN
  IF v_reason IS NULL THEN
    SELECT * INTO v_account FROM funding_accounts f
    WHERE f.provider = p_provider
      AND CASE WHEN p_customer_code IS NOT NULL THEN f.provider_customer_code = p_customer_code
               ELSE f.account_number = p_receiver_account_number END;
    v_found := FOUND;
    v_reason := CASE
      WHEN NOT v_found THEN 'No account of ours has this dedicated account or customer.'
      WHEN v_account.status <> 'ACTIVE' THEN format('The account''s funding account is %s.', lower(v_account.status::text))
      WHEN p_receiver_account_number IS NOT NULL AND p_receiver_account_number IS DISTINCT FROM v_account.account_number
        THEN format('Paid into %s, which is not the account''s dedicated account (%s).', p_receiver_account_number, v_account.account_number)
      WHEN p_currency <> 'NGN' THEN format('Paid in %s, not NGN.', p_currency)
      WHEN p_amount <= v_fee THEN 'The fee is not less than the amount paid.'
      WHEN EXISTS (SELECT 1 FROM ledger_entries l WHERE l.account_id = v_account.account_id AND l.funding_reference = p_reference)
        THEN 'The account was already funded with this reference by hand: check before assigning.'
    END;
  END IF;

  INSERT INTO bank_transfers AS b (
    provider, reference, provider_transaction_id, livemode, status, account_id, funding_account_id, amount, provider_fee,
    fee, credited, currency, channel, payer_name, payer_bank, payer_account_number, narration, receiver_account_number,
    customer_code, paid_at, unmatched_reason, recorded_via, credited_at
  ) VALUES (
    p_provider, p_reference, p_provider_transaction_id, p_provider <> 'simulated',
    CASE WHEN v_reason IS NULL THEN 'CREDITED' ELSE 'UNMATCHED' END::"BankTransferStatus",
    CASE WHEN v_reason IS NULL THEN v_account.account_id END, CASE WHEN v_found THEN v_account.id END,
    p_amount, p_provider_fee,
    CASE WHEN v_reason IS NULL THEN v_fee END, CASE WHEN v_reason IS NULL THEN p_amount - v_fee END,
    p_currency, p_channel, p_payer_name, p_payer_bank, p_payer_account_number, p_narration, p_receiver_account_number,
    p_customer_code, p_paid_at, v_reason, p_recorded_via, CASE WHEN v_reason IS NULL THEN now() END
  )
  ON CONFLICT (provider, reference) DO NOTHING
  RETURNING b.id INTO v_id;

  IF v_id IS NULL THEN
    RETURN QUERY SELECT b.id, b.status, false FROM bank_transfers b WHERE b.provider = p_provider AND b.reference = p_reference;
    RETURN;
  END IF;
  IF v_reason IS NULL THEN
    PERFORM credit_bank_transfer(v_id, NULL);
  END IF;
  RETURN QUERY SELECT v_id, CASE WHEN v_reason IS NULL THEN 'CREDITED' ELSE 'UNMATCHED' END::"BankTransferStatus", true;
END
$fn$;
