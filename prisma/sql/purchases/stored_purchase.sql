-- What every begin function does first: confirm a key authorised from memory (assert_key_authorization),
-- then read the transaction already stored under this reference in this mode. A row of NULLs when the
-- reference is free: the caller checks its id.
CREATE OR REPLACE FUNCTION stored_purchase(
  p_account_id uuid, p_livemode boolean, p_client_reference text, p_api_key_id uuid, p_key_authorization uuid
) RETURNS transactions
LANGUAGE plpgsql AS $fn$
DECLARE
  v_transaction transactions;
BEGIN
  PERFORM assert_key_authorization(p_api_key_id, p_key_authorization);
  SELECT * INTO v_transaction FROM transactions
  WHERE account_id = p_account_id AND livemode = p_livemode AND client_reference = p_client_reference;
  RETURN v_transaction;
END
$fn$;
