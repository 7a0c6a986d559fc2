-- No longer called: stored_purchase checks a key authorised from memory itself. Kept for one release, for a
-- call of the previous stored_purchase already under way while a deploy replaces it; a later migration
-- drops it.
CREATE OR REPLACE FUNCTION assert_key_authorization(p_api_key_id uuid, p_key_authorization uuid) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_key_authorization IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM api_keys k JOIN accounts a ON a.id = k.account_id
  WHERE k.id = p_api_key_id AND k.revoked_at IS NULL AND a.key_authorization_version = p_key_authorization;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the API key or its account changed since it was authorised' USING ERRCODE = 'RP401';
  END IF;
END
$fn$;
