-- The one way an event is written: a webhook_events row for the account and mode, delivered by the
-- webhook worker (src/server/services/webhooks) to each endpoint subscribed to its type.
CREATE OR REPLACE FUNCTION record_webhook_event(p_account_id uuid, p_livemode boolean, p_type text, p_subject_id text, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  -- A time-ordered id (milliseconds, then randomness): each new key lands at the index's right edge
  -- instead of a random page, which matters on the purchase path. The event and its deliveries in one
  -- statement: every settled purchase records one.
  WITH event AS (
    INSERT INTO webhook_events (id, account_id, livemode, type, subject_id, data)
    VALUES ('evt_' || lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0')
                   || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20),
            p_account_id, p_livemode, p_type, p_subject_id, p_data)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id, subject_id)
  SELECT event.id, e.id, p_subject_id
  FROM event, webhook_endpoints e
  WHERE e.account_id = p_account_id AND e.livemode = p_livemode AND e.enabled AND p_type = ANY (e.event_types);
END
$fn$;
