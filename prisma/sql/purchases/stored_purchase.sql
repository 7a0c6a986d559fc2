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
