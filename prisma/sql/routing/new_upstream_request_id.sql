-- A fresh id for an upstream request: the Lagos date and time YYYYMMDDHHII, then 32 hex characters of a
-- random UUID (VTpass wants the first 12 characters so; Clubkonnect takes any RequestID). The same form
-- as transactions.upstream_request_id's default, so a request id's age can be read from it.
CREATE OR REPLACE FUNCTION new_upstream_request_id() RETURNS text
LANGUAGE sql VOLATILE AS $fn$
  SELECT to_char(now() AT TIME ZONE 'Africa/Lagos', 'YYYYMMDDHH24MI') || replace(gen_random_uuid()::text, '-', '')
$fn$;
